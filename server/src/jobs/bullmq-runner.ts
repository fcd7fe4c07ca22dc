import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { REDIS_REQUEST_TIMEOUT_MS, withDeadline } from '../config/redis-deadline.js';
import type { Logger } from '../logger.js';
import { DEFAULT_SWEEP_EVERY_MS, PERIODIC_JOBS, SWEEP_JOB } from './job-definitions.js';
import type { JobRegistry } from './job-registry.js';
import type { JobRunner } from './job-runner.js';

export type BullmqOptions = {
  redisUrl: string;
  logger: Logger;
  /** Run workers in this process (API with WORKERS≠0, or `npm run worker`); otherwise only enqueue. */
  runWorkers: boolean;
  /** Redis key prefix; tests use their own so parallel runs never share jobs. */
  prefix?: string;
  sweepEveryMs?: number;
  concurrency?: number;
};

const QUEUE = 'pano-jobs';
// Jobs checked per round trip when the sweep looks for lost ones.
const ENSURE_BATCH = 1000;
// Instances that reconnect within the same window queue one catch-up sweep between them.
const RECONNECT_SWEEP_WINDOW_MS = 10_000;

// How long BullMQ's close may take once the running jobs are done, then its disconnect (see closeWorker).
const WORKER_CLOSE_GRACE_MS = REDIS_REQUEST_TIMEOUT_MS;
const WORKER_DISCONNECT_GRACE_MS = 500;

// BullMQ reserves ':' in custom ids.
const jobIdOf = (key: string) => key.replaceAll(':', '-');
const delayUntil = (runAt: Date | undefined) => Math.max(0, (runAt?.getTime() ?? 0) - Date.now());

/**
 * The scaled mode's runner: one BullMQ queue for every job name, delayed jobs for expiries,
 * a job scheduler for the periodic sweep. Any number of API instances enqueue; workers (in
 * the API or `npm run worker`) execute with the same handlers as the in-process runner.
 */
export function createBullmqRunner(opts: BullmqOptions): JobRunner {
  // Workers block on Redis, so BullMQ wants their requests never to give up.
  const workerConnection: ConnectionOptions = { url: opts.redisUrl, maxRetriesPerRequest: null };
  // Requests queue jobs through this connection (a purchase's expiry and abandon jobs): while
  // Redis is down a command fails at once instead of waiting in ioredis's offline queue until
  // Redis returns, and a stalled Redis fails it within the request deadline. The sweep queues
  // again whatever could not be queued (docs/OPERATIONS.md#redis-outages).
  const producer = new Redis(opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: REDIS_REQUEST_TIMEOUT_MS });
  const prefix = opts.prefix ?? 'pano';
  const queue = new Queue(QUEUE, {
    connection: producer,
    prefix,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: true,
      removeOnFail: { count: 1000 },
    },
  });
  queue.on('error', (err) => opts.logger.error({ err }, 'job queue error'));
  const every = opts.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS;
  let worker: Worker | undefined;
  const running = new RunningJobs();
  let started = false;
  let stopping: Promise<void> | undefined;

  // Idempotent across instances: one scheduler id, however many processes upsert it.
  const registerSweep = async () => {
    if (every <= 0) return;
    await queue.upsertJobScheduler(SWEEP_JOB, { every }, { name: SWEEP_JOB, data: {} });
    for (const job of PERIODIC_JOBS) await queue.upsertJobScheduler(job.name, { every: job.everyMs }, { name: job.name, data: {} });
  };

  // A Redis restarted without persistence has lost the scheduler and every delayed job: put
  // the scheduler back, and sweep now rather than at its next tick, so the sweep queues the
  // lost expiries and abandons again (and whatever could not be queued during the outage).
  producer.on('ready', () => {
    if (!started || stopping || every <= 0) return;
    void (async () => {
      await registerSweep();
      await queue.add(SWEEP_JOB, {}, { jobId: `${SWEEP_JOB}-reconnect-${Math.floor(Date.now() / RECONNECT_SWEEP_WINDOW_MS)}` });
      opts.logger.info('redis is back: sweep scheduler registered again, catch-up sweep queued');
    })().catch((err: unknown) => opts.logger.warn({ err }, 'redis is back, but the sweep could not be registered again'));
  });

  return {
    kind: 'bullmq',

    async enqueue(name, payload, o = {}) {
      await withDeadline(queue.add(name, payload, { delay: delayUntil(o.runAt), ...(o.key ? { jobId: jobIdOf(o.key) } : {}) }), `queueing ${name}`);
    },

    async ensureScheduled(jobs) {
      let queued = 0;
      for (let i = 0; i < jobs.length; i += ENSURE_BATCH) {
        const batch = jobs.slice(i, i + ENSURE_BATCH);
        // A job waiting under its id has its hash at `<prefix>:<queue>:<id>` until it completes.
        const exists = producer.pipeline();
        for (const j of batch) exists.exists(queue.toKey(jobIdOf(j.key)));
        const found = (await exists.exec()) ?? [];
        const missing = batch.filter((_, k) => found[k]?.[0] === null && found[k]?.[1] === 0);
        if (missing.length === 0) continue;
        await queue.addBulk(missing.map((j) => ({ name: j.name, data: j.payload, opts: { delay: delayUntil(j.runAt), jobId: jobIdOf(j.key) } })));
        queued += missing.length;
      }
      return queued;
    },

    async start(registry: JobRegistry) {
      await registerSweep();
      started = true;
      if (!opts.runWorkers) return;
      worker = new Worker(QUEUE, (job) => running.track(registry.run(job.name, job.data)), {
        connection: workerConnection,
        prefix,
        concurrency: opts.concurrency ?? 4,
      });
      worker.on('failed', (job, err) => opts.logger.error({ err, job: job?.name, jobId: job?.id }, 'job failed'));
      worker.on('error', (err) => opts.logger.error({ err }, 'job worker error'));
      await worker.waitUntilReady();
    },

    stop() {
      return (stopping ??= (async () => {
        if (worker) await closeWorker(worker, running);
        await queue.close();
        // The queue does not close a connection it was given.
        await producer.quit().catch(() => producer.disconnect());
      })());
    },
  };
}

class RunningJobs {
  private readonly jobs = new Set<Promise<unknown>>();

  track<T>(job: Promise<T>): Promise<T> {
    this.jobs.add(job);
    void job.finally(() => this.jobs.delete(job)).catch(() => {});
    return job;
  }

  settled(): Promise<unknown> {
    return Promise.allSettled([...this.jobs]);
  }
}

const within = (work: Promise<unknown>, ms: number): Promise<boolean> => new Promise((resolve) => {
  const timer = setTimeout(() => resolve(false), ms);
  void work.then(() => true, () => true).then((done) => { clearTimeout(timer); resolve(done); });
});

/**
 * Running jobs finish first. BullMQ's close then waits for its blocking connection's 'end',
 * which ioredis never emits when it is disconnected between two reconnection attempts (Redis
 * down or just restarted at shutdown): past a grace period the connections are dropped.
 */
async function closeWorker(worker: Worker, running: RunningJobs): Promise<void> {
  const closing = worker.close();
  await running.settled();
  if (await within(closing, WORKER_CLOSE_GRACE_MS)) return;
  // Drops the main connection at once; the blocking one is already down.
  await within(worker.disconnect(), WORKER_DISCONNECT_GRACE_MS);
}
