import { z } from 'zod';

/**
 * Every background job: a name and the zod schema of its payload. Handlers live with the
 * feature that owns the rule (modules/purchases/purchases.jobs.ts); job-registry.ts refuses
 * to start when one is missing.
 */
export const JOB_SCHEMAS = {
  /** Delayed to the purchase's expiresAt: completed → expired, then the customer's screens are told. */
  'purchase.expire': z.object({ purchaseId: z.string().uuid() }),
  /** Delayed 30 minutes after a purchase is started: still pending → failed (or completed, if it was paid after all). */
  'purchase.abandon': z.object({ purchaseId: z.string().uuid() }),
  /** Periodic: repairs whatever a lost job missed (expiries and abandoned payments). */
  'purchase.sweep': z.object({}),
  /**
   * Delayed to an alert's endsAt: pushes its screens' configs without it. Players hide it on
   * time by themselves; this refreshes caches, dashboards and reconnecting players.
   */
  'alert.end': z.object({ alertId: z.string().uuid() }),
  /** A minute after an alert starts: tells webhooks how many of its screens confirmed it, unless all did already. */
  'alert.ackDeadline': z.object({ alertId: z.string().uuid() }),
  /** Periodic: moves newly received plays into the hourly rollups (docs/architecture/plays.md#plays). */
  'plays.rollup': z.object({}),
  /** Periodic (daily): deletes play records and rollups past their retention. */
  'plays.retention': z.object({}),
  /** On save and from the refresh: fetches an rss or weather app's data (docs/PRODUCT.md#apps). */
  'app.fetch': z.object({ mediaId: z.string().uuid() }),
  /** After an upload that must be converted: remux or transcode, then ready or failed (docs/architecture/media-processing.md). */
  'media.process': z.object({
    mediaId: z.string().uuid(),
    /** A replacement's file (docs/PRODUCT.md#replacing-a-file): the job converts that one or nothing. */
    fileName: z.string().optional(),
  }),
  /** Periodic (10 minutes): queues media.process again for media still processing whose job was lost (a restart). */
  'media.repair': z.object({}),
  /** Periodic (10 minutes): queues an app.fetch for every rss and weather app a playlist holds. */
  'app.refresh': z.object({}),
  /** Periodic (hourly): removes resumable uploads untouched for 24 hours (docs/PRODUCT.md#resumable-uploads). */
  'uploads.sweep': z.object({}),
  /** One attempt at one webhook message; a failed one queues the next (docs/architecture/webhooks.md). */
  'webhook.deliver': z.object({ deliveryId: z.string().regex(/^msg_[0-9a-f]{32}$/) }),
  /** Periodic (5 minutes): queues deliveries whose attempt is due but whose job was lost; deletes old deliveries. */
  'webhooks.repair': z.object({}),
  /** One poll of a CAP feed; it queues the next (docs/architecture/cap.md#feeds). */
  'capFeed.poll': z.object({ feedId: z.string().uuid() }),
  /** Periodic (5 minutes): queues the poll of every enabled CAP feed whose job was lost. */
  'capFeeds.repair': z.object({}),
  /** Periodic (hourly): deletes the sessions whose last token has expired (docs/architecture/sessions.md). */
  'sessions.sweep': z.object({}),
} as const;

export type JobName = keyof typeof JOB_SCHEMAS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_SCHEMAS)[N]>;
export type JobHandlers = { [N in JobName]: (payload: JobPayload<N>) => Promise<void> };

export const JOB_NAMES = Object.keys(JOB_SCHEMAS) as JobName[];

/** The periodic job and how often it runs by default. */
export const SWEEP_JOB: JobName = 'purchase.sweep';
export const DEFAULT_SWEEP_EVERY_MS = 60_000;

/**
 * The other periodic jobs, each at its own interval. They run wherever the sweep runs and are
 * off when it is (JOBS_SWEEP_EVERY_S=0: test servers that share one database).
 */
export const PERIODIC_JOBS: readonly { name: JobName; everyMs: number }[] = [
  { name: 'plays.rollup', everyMs: 60_000 },
  { name: 'plays.retention', everyMs: 86_400_000 },
  { name: 'app.refresh', everyMs: 600_000 },
  { name: 'uploads.sweep', everyMs: 3_600_000 },
  { name: 'sessions.sweep', everyMs: 3_600_000 },
  { name: 'media.repair', everyMs: 600_000 },
  { name: 'webhooks.repair', everyMs: 300_000 },
  { name: 'capFeeds.repair', everyMs: 300_000 },
];

export type EnqueueOptions = {
  /** When to run; now (or in the past) runs at once. */
  runAt?: Date;
  /** Deduplication key: enqueuing the same key again replaces (in-process) or is ignored (BullMQ). */
  key?: string;
};

/** A job that should be waiting under `key` (what the sweep checks). */
export type KeyedJob = { [N in JobName]: { name: N; payload: JobPayload<N>; runAt: Date; key: string } }[JobName];

/** What services see (ctx.jobs): a place to put work for later. */
export type JobScheduler = {
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts?: EnqueueOptions): Promise<void>;
  /**
   * Queues each job that is no longer waiting under its key (never queued while Redis was
   * down, or lost with Redis's data) and leaves the others alone. Returns how many it queued.
   */
  ensureScheduled(jobs: KeyedJob[]): Promise<number>;
};
