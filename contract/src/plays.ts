import { z } from './zod.js';
import { ZId, lowerCaseId } from './common.js';
import { ZCalendarDay } from './dates.js';
import { PLAY_DURATION_MAX_MS, PLAYS_BATCH_MAX } from './constants.js';

/** Longest zone name a play may carry: a layout zone's name is at most this long too. */
export const PLAY_ZONE_MAX = 100;

/*
 * Proof of play on the wire: what a player records for every item it shows, and the reports
 * ('Raporlar') built from those records. docs/PRODUCT.md#reports, docs/architecture/plays.md#plays.
 */

/** A layout zone's name as plays carry it and reports filter by it (docs/architecture/plays.md#plays). */
const ZZoneName = z.string({ error: 'Geçersiz bölge adı' }).trim()
  .min(1, 'Geçersiz bölge adı').max(PLAY_ZONE_MAX, `Bölge adı en fazla ${PLAY_ZONE_MAX} karakter olabilir`);

/** How a play ended: shown for its whole duration, cut short (a change, an alert), or failed to render. */
const ZPlayOutcome = z.enum(['completed', 'cut', 'failed'], { error: 'Geçersiz oynatma sonucu' });
export type TPlayOutcome = z.infer<typeof ZPlayOutcome>;


/**
 * One item the player really rendered (image decoded and shown, video `playing`): `id` is a
 * UUID the player makes when the item starts, so an upload sent twice is counted once.
 */
export const ZPlayRecord = z.object({
  id: z.string({ error: 'Geçersiz kayıt kimliği' }).uuid('Geçersiz kayıt kimliği').transform(lowerCaseId),
  screenId: ZId,
  mediaId: ZId,
  playlistId: ZId.nullable(),
  /** The schedule entry that chose the playlist, when one applied. */
  scheduleId: ZId.nullable(),
  /** The layout zone it played in, by name; absent on a screen without a layout (one full-screen zone). */
  zone: ZZoneName.optional(),
  // Any instant: the server refuses one outside the retention or in the future per record, keeping
  // the batch's good ones (docs/PRODUCT.md#plays-api), so no range here refuses the whole batch.
  startedAt: z.iso.datetime({ offset: true, error: 'Geçersiz başlangıç zamanı' }),
  durationMs: z.number({ error: 'Geçersiz süre' }).int('Geçersiz süre').min(0, 'Geçersiz süre').max(PLAY_DURATION_MAX_MS, 'Geçersiz süre'),
  outcome: ZPlayOutcome,
}).strict();
export type TPlayRecord = z.infer<typeof ZPlayRecord>;

/** POST /api/devices/plays (device token). */
export const ZPlaysUpload = z.object({
  plays: z.array(ZPlayRecord, { error: 'Geçersiz oynatma kayıtları' })
    .min(1, 'En az bir oynatma kaydı gönderilmelidir')
    .max(PLAYS_BATCH_MAX, `Bir seferde en fazla ${PLAYS_BATCH_MAX} kayıt gönderilebilir`),
}).strict();
export type TPlaysUpload = z.infer<typeof ZPlaysUpload>;

/** A record the server will never take (too old, in the future, not when its device served the screen), with why. */
const ZRefusedPlay = z.object({ id: z.string(), message: z.string() });
export type TRefusedPlay = z.infer<typeof ZRefusedPlay>;

/**
 * `accepted` new records, `duplicates` already stored (same id), and only when some were
 * refused, `refused`: accepted + duplicates + refused = sent. A refused record is never
 * accepted later, so the player drops it with the rest of the batch.
 */
export const ZPlaysUploadResponse = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  refused: z.array(ZRefusedPlay).optional(),
});
export type TPlaysUploadResponse = z.infer<typeof ZPlaysUploadResponse>;

const REPORT_GROUPINGS = ['media', 'screen', 'group', 'day', 'hour'] as const;
const ZReportGrouping = z.enum(REPORT_GROUPINGS, { error: 'Geçersiz gruplama' });
export type TReportGrouping = z.infer<typeof ZReportGrouping>;


/**
 * GET /api/reports/plays: `from` and `to` are whole days (inclusive) on the customer's wall
 * clock (`tz`, an IANA zone, Europe/Istanbul unless given); without them, the last 7 days.
 * `format=csv` answers the same rows as a file ('CSV İndir').
 */
export const ZPlaysReportQuery = z.object({
  from: ZCalendarDay('Başlangıç tarihi YYYY-AA-GG biçiminde olmalıdır', 'Geçersiz başlangıç tarihi').optional(),
  to: ZCalendarDay('Bitiş tarihi YYYY-AA-GG biçiminde olmalıdır', 'Geçersiz bitiş tarihi').optional(),
  tz: z.string().max(64).optional(),
  screen: ZId.optional(),
  group: ZId.optional(),
  media: ZId.optional(),
  /** Only the plays of layout zones of this name (the report's `zones` lists them). */
  zone: ZZoneName.optional(),
  by: ZReportGrouping.optional().default('media'),
  format: z.enum(['json', 'csv'], { error: 'Geçersiz biçim' }).optional().default('json'),
}).strict();
export type TPlaysReportQuery = z.input<typeof ZPlaysReportQuery>;

/**
 * One row: `key` is the media, screen or group id, or the day (`YYYY-MM-DD`) or hour
 * (`YYYY-MM-DD HH:00`) on the report's clock; `name` is what the dashboard shows for it.
 */
const ZPlaysReportRow = z.object({
  key: z.string(),
  name: z.string(),
  plays: z.number().int(),
  seconds: z.number(),
});
export type TPlaysReportRow = z.infer<typeof ZPlaysReportRow>;

export const ZPlaysReport = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  by: ZReportGrouping,
  rows: z.array(ZPlaysReportRow),
  total: z.object({ plays: z.number().int(), seconds: z.number() }),
  /**
   * The layout zones that played in the period on the filtered screens, by name, sorted; empty
   * when every play there was full screen (the dashboard then shows no zone filter).
   */
  zones: z.array(z.string()).default([]),
});
export type TPlaysReport = z.infer<typeof ZPlaysReport>;
