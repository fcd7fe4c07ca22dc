import { z } from './zod.js';
import { ZId, ZIsoDate, numberField, storableText } from './common.js';

/*
 * Screen health and remote screenshots on the wire: what a player reports about itself, what
 * the dashboard shows on the screen card, and when a screen counts as 'sorunlu'.
 * docs/PRODUCT.md#screen-health, docs/architecture/devices.md#health.
 */

/** Default minutes a screen may be offline or failing before it is 'sorunlu' (per customer). */
export const HEALTH_WARN_MINUTES_DEFAULT = 5;
/** The largest screenshot file the server takes (its width: SCREENSHOT_MAX_WIDTH in constants.ts). */
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;

/*
 * A report is stored as it came (jsonb): its texts may hold no NUL byte (PostgreSQL refuses it),
 * and its times are ISO instants, as the player writes them with toISOString().
 */
const text = (max: number) => storableText().max(max);
const ZAt = z.iso.datetime({ offset: true });

/** What the player did to heal itself: skipped a stalled video or a failing item, or reloaded. */
const ZHealthEventKind = z.enum(['stalled', 'skipped', 'failed', 'reloaded']);
const ZHealthEvent = z.object({
  kind: ZHealthEventKind,
  at: ZAt,
  mediaId: ZId.nullable(),
  detail: text(300),
});
export type THealthEvent = z.infer<typeof ZHealthEvent>;

/**
 * A file whose downloaded bytes did not have the SHA-256 of the screen config, so the player
 * kept it out of its offline cache (docs/architecture/player.md#file-integrity): how many
 * downloads mismatched so far, and when the last did.
 */
const ZCorruptFile = z.object({ mediaId: ZId, name: text(300), attempts: z.number().int().min(1), at: ZAt });
export type TCorruptFile = z.infer<typeof ZCorruptFile>;

/** Player → server (`player:health`), every minute and on change. */
export const ZPlayerHealth = z.object({
  appVersion: text(100),
  uptimeSec: z.number().int().min(0),
  /** Bytes of media in the offline cache (null where the browser does not tell). */
  cacheBytes: z.number().int().min(0).nullable(),
  lastError: z.object({ message: text(300), at: ZAt }).nullable(),
  /** Items that failed to render since the player started. */
  itemsFailed: z.number().int().min(0),
  /** Nothing on the screen can be shown now (every item failing): the screen is failing. */
  failing: z.boolean(),
  playing: z.object({ mediaId: ZId, name: text(300), startedAt: ZAt }).nullable(),
  /** The latest self-healing events, newest first. */
  events: z.array(ZHealthEvent).max(20),
  /** Files refused by the offline cache for a wrong SHA-256 (absent from players before it). */
  corruptFiles: z.array(ZCorruptFile).max(20).default([]),
});
export type TPlayerHealth = z.infer<typeof ZPlayerHealth>;

/**
 * One screen's health as the dashboard shows it: the last report (null before any), when it
 * came, and since when the screen has been offline or failing (null while fine). `problem`
 * is true once that lasted longer than the customer's warning time.
 */
export const ZScreenHealth = z.object({
  screenId: ZId,
  online: z.boolean(),
  report: ZPlayerHealth.nullable(),
  reportedAt: ZIsoDate.nullable(),
  troubleSince: ZIsoDate.nullable(),
  problem: z.boolean(),
  screenshot: z.object({ takenAt: ZIsoDate, kind: z.enum(['screenshot', 'thumbnail']) }).nullable(),
});
export type TScreenHealth = z.infer<typeof ZScreenHealth>;

/** GET /api/screens/health (user token): every screen of the customer, plus the warning time. */
export const ZScreenHealthResponse = z.object({
  warnMinutes: z.number().int(),
  screens: z.array(ZScreenHealth),
});
export type TScreenHealthResponse = z.infer<typeof ZScreenHealthResponse>;

/** Server → the screen's players (`screenshot:request`): draw what you show and upload it. */
export const ZScreenshotRequest = z.object({ requestId: ZId });
export type TScreenshotRequest = z.infer<typeof ZScreenshotRequest>;

/** GET/PUT /api/settings/health: minutes offline or failing before a screen is 'sorunlu'. */
export const HEALTH_WARN_MINUTES_MIN = 1;
export const HEALTH_WARN_MINUTES_MAX = 1440;
export const ZHealthSettings = z.object({ warnMinutes: z.number().int() });
export type THealthSettings = z.infer<typeof ZHealthSettings>;
export const ZUpdateHealthSettingsRequest = z.object({
  warnMinutes: numberField('Uyarı süresi bir sayı olmalıdır').pipe(z.number().int('Uyarı süresi tam sayı olmalıdır')
    .min(HEALTH_WARN_MINUTES_MIN, `Uyarı süresi en az ${HEALTH_WARN_MINUTES_MIN} dakika olmalıdır`)
    .max(HEALTH_WARN_MINUTES_MAX, `Uyarı süresi en fazla ${HEALTH_WARN_MINUTES_MAX} dakika olabilir`)),
}, { error: 'Geçersiz uyarı ayarı' }).strict();

/** PUT /api/devices/screenshot?kind=…: which image the player sends. */
export const ZScreenshotKind = z.enum(['screenshot', 'thumbnail'], { error: "Görüntü türü 'screenshot' ya da 'thumbnail' olmalıdır" });
export type TScreenshotKind = z.infer<typeof ZScreenshotKind>;
export const ZScreenshotUploadQuery = z.object({ kind: ZScreenshotKind.default('screenshot') });
/** PUT /api/devices/screenshot's answer: the image stored, and when. */
export const ZScreenshotStored = z.object({ takenAt: ZIsoDate, kind: ZScreenshotKind });
export type TScreenshotStored = z.infer<typeof ZScreenshotStored>;
