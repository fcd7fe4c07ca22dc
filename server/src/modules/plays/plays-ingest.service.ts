import { ErrorCode, LAYOUT_ZONES_MAX, PLAY_DURATION_MAX_MS, type TPlaysUpload, type TRefusedPlay } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import type { AuthDevice } from '../devices/device-auth.js';
import { beforeRetention, refusePlays, type ServedSpan } from './play-acceptance.js';

/** Why a batch naming a screen this device never served is refused (docs/PRODUCT.md#plays-api). */
export const OTHER_SCREEN_MESSAGE = 'Oynatma kayıtları yalnızca cihazın gösterdiği ekranlar için gönderilebilir';
export const NONE_ACCEPTED_MESSAGE = 'Oynatma kayıtlarının hiçbiri kabul edilmedi';

/** What became of an upload's `sent` records: `accepted` new ones, `refused` ones; the rest were already stored. */
export type RecordedPlays = { sent: number; accepted: number; refused: TRefusedPlay[] };

/** A screen's zones together: at any instant at most LAYOUT_ZONES_MAX of them play. */
const SCREEN_DAY_MAX_MS = LAYOUT_ZONES_MAX * PLAY_DURATION_MAX_MS;

/** How far back a pairing's predecessors are followed; a chain is one per re-pairing. */
const MAX_LINEAGE = 50;

/**
 * The screens this device served, and the pairings it replaced (a device removed and paired
 * again shows its old token: devices.previousDeviceId), from `device_screen_spans`
 * (docs/architecture/plays.md#plays).
 */
async function servedSpans(ctx: AppContext, device: AuthDevice): Promise<ServedSpan[]> {
  const rows = await ctx.db.$queryRaw<{ screenId: string; fromAt: Date; toAt: Date | null }[]>`
    WITH RECURSIVE line(id, depth) AS (
      SELECT ${device.id}::text, 0
      UNION ALL
      SELECT d."previousDeviceId", line.depth + 1 FROM devices d JOIN line ON d.id = line.id
      WHERE d."previousDeviceId" IS NOT NULL AND d."ownerId" = ${device.ownerId} AND line.depth < ${MAX_LINEAGE}
    )
    SELECT s."screenId", s."fromAt", s."toAt" FROM device_screen_spans s
    JOIN devices d ON d.id = s."deviceId" AND d."ownerId" = ${device.ownerId}
    WHERE s."deviceId" IN (SELECT id FROM line)`;
  return rows.map((r) => ({ screenId: r.screenId, from: r.fromAt, to: r.toAt }));
}

/**
 * POST /api/devices/plays (docs/architecture/plays.md#plays). A batch naming a screen that neither
 * this device nor a pairing it replaced ever served, or another customer's media, playlist or
 * schedule entry, is refused whole: an honest player never sends one. Records that can never
 * be true (in the future, older than the retention, played when the device was not on that
 * screen, overlapping another of the batch) are refused one by one and listed in the answer;
 * the rest is stored. Then one statement stores the new records, counts at most a day of
 * airtime per screen and UTC day, and queues the counted plays for the rollup job; ids already
 * stored are left as they are, whoever sent them, and answered as duplicates.
 */
export async function recordPlays(ctx: AppContext, device: AuthDevice, body: TPlaysUpload): Promise<RecordedPlays> {
  const { plays } = body;
  const spans = await servedSpans(ctx, device);
  const now = ctx.clock();
  // A record older than the retention is refused on its own below: the spans of its screen may
  // be gone already, and the batch's other records must not go down with it.
  const neverServed = (p: TPlaysUpload['plays'][number]) => !spans.some((s) => s.screenId === p.screenId);
  if (plays.some((p) => neverServed(p) && !beforeRetention(p, now, ctx.config.playsRetentionDays))) throw forbidden(OTHER_SCREEN_MESSAGE);
  const refused = refusePlays(plays, spans, now, ctx.config.playsRetentionDays);
  const refusedIds = new Set(refused.map((r) => r.id));

  const rows = JSON.stringify(plays.map((p) => ({
    id: p.id,
    screenId: p.screenId,
    mediaId: p.mediaId,
    playlistId: p.playlistId,
    scheduleId: p.scheduleId,
    zone: p.zone ?? null,
    // A refused record's start may be one PostgreSQL cannot hold (year 0): it only takes part in
    // the check of its ids, never in a date column.
    startedAt: refusedIds.has(p.id) ? null : p.startedAt,
    durationMs: p.durationMs,
    outcome: p.outcome,
    ok: !refusedIds.has(p.id),
  })));
  // One statement (docs/PERFORMANCE.md#p11-and-p12-plays). Another customer's media, playlist
  // or schedule entry writes nothing. A failed play was never shown: stored, not queued. The
  // day's airtime per screen is capped in play_screen_days, whose row lock orders concurrent
  // uploads; `granted` is what this upload may add, shared out in order of start, so 500
  // records of a day at one instant count one day, not 500. The cap is per layout zone ('' for
  // a screen without one), since zones play side by side, and the screen's zones together get
  // at most LAYOUT_ZONES_MAX days (play_screen_day_totals), so made-up zone names add nothing
  // past what the largest layout could show (docs/architecture/plays.md#plays).
  const [result] = await ctx.db.$queryRaw<{ foreign: string | null; accepted: number }[]>`
    WITH v AS (
      SELECT * FROM json_to_recordset(${rows}::json) AS v(
        id uuid, "screenId" text, "mediaId" text, "playlistId" text, "scheduleId" text, zone text,
        "startedAt" timestamptz, "durationMs" int, outcome text, ok boolean)
    ), foreign_ids AS (
      (SELECT 'Medya' AS what FROM media WHERE id IN (SELECT "mediaId" FROM v) AND "ownerId" <> ${device.ownerId} LIMIT 1)
      UNION ALL
      (SELECT 'Playlist' FROM playlists WHERE id IN (SELECT "playlistId" FROM v) AND "ownerId" <> ${device.ownerId} LIMIT 1)
      UNION ALL
      (SELECT 'Zamanlama' FROM schedules WHERE id IN (SELECT "scheduleId" FROM v) AND "ownerId" <> ${device.ownerId} LIMIT 1)
    ), ins AS (
      INSERT INTO play_records (id, "ownerId", "screenId", "mediaId", "playlistId", "scheduleId", zone, "startedAt", "durationMs", outcome)
      SELECT id, ${device.ownerId}, "screenId", "mediaId", "playlistId", "scheduleId", zone, "startedAt", "durationMs", outcome FROM v
      WHERE ok AND NOT EXISTS (SELECT 1 FROM foreign_ids)
      ON CONFLICT (id) DO NOTHING
      RETURNING id, "screenId", "mediaId", COALESCE(zone, '') AS zone, "startedAt", "durationMs", outcome
    ), shown AS (
      SELECT *, ("startedAt" AT TIME ZONE 'UTC')::date AS day FROM ins WHERE outcome <> 'failed'
    ), budget AS (
      INSERT INTO play_screen_days AS d ("ownerId", "screenId", zone, day, ms, granted)
      SELECT ${device.ownerId}, "screenId", zone, day, LEAST(${PLAY_DURATION_MAX_MS}, sum("durationMs")), LEAST(${PLAY_DURATION_MAX_MS}, sum("durationMs"))
      FROM shown GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT ("screenId", zone, day) DO UPDATE SET
        ms = LEAST(${PLAY_DURATION_MAX_MS}, d.ms + EXCLUDED.granted),
        granted = LEAST(${PLAY_DURATION_MAX_MS}, d.ms + EXCLUDED.granted) - d.ms
      RETURNING "screenId", zone, day, granted
    ), by_zone AS (
      SELECT s.*, GREATEST(0, LEAST(s."durationMs", b.granted - (sum(s."durationMs") OVER w - s."durationMs"))) AS zone_ms
      FROM shown s JOIN budget b ON b."screenId" = s."screenId" AND b.zone = s.zone AND b.day = s.day
      WINDOW w AS (PARTITION BY s."screenId", s.zone, s.day ORDER BY s."startedAt", s.id)
    ), screen_budget AS (
      INSERT INTO play_screen_day_totals AS d ("ownerId", "screenId", day, ms, granted)
      SELECT ${device.ownerId}, "screenId", day, LEAST(${SCREEN_DAY_MAX_MS}, sum(zone_ms)), LEAST(${SCREEN_DAY_MAX_MS}, sum(zone_ms))
      FROM by_zone GROUP BY 2, 3 ORDER BY 2, 3
      ON CONFLICT ("screenId", day) DO UPDATE SET
        ms = LEAST(${SCREEN_DAY_MAX_MS}, d.ms + EXCLUDED.granted),
        granted = LEAST(${SCREEN_DAY_MAX_MS}, d.ms + EXCLUDED.granted) - d.ms
      RETURNING "screenId", day, granted
    ), counted AS (
      SELECT z."screenId", z."mediaId", z.zone, z."startedAt", z."durationMs" AS sent,
        GREATEST(0, LEAST(z.zone_ms, b.granted - (sum(z.zone_ms) OVER w - z.zone_ms))) AS ms
      FROM by_zone z JOIN screen_budget b ON b."screenId" = z."screenId" AND b.day = z.day
      WINDOW w AS (PARTITION BY z."screenId", z.day ORDER BY z."startedAt", z.id)
    ), queued AS (
      INSERT INTO play_rollup_queue ("ownerId", "screenId", "mediaId", zone, hour, plays, "durationMs")
      SELECT ${device.ownerId}, "screenId", "mediaId", zone, date_trunc('hour', "startedAt", 'UTC'), count(*) FILTER (WHERE ms > 0 OR sent = 0), sum(ms)
      FROM counted GROUP BY 2, 3, 4, 5 HAVING count(*) FILTER (WHERE ms > 0 OR sent = 0) > 0
    )
    SELECT (SELECT what FROM foreign_ids LIMIT 1) AS foreign, (SELECT count(*) FROM ins)::int AS accepted`;
  if (result?.foreign) throw notFound(result.foreign);
  if (refused.length > 0 && refused.length === plays.length) {
    throw new AppError(400, ErrorCode.VALIDATION, NONE_ACCEPTED_MESSAGE, refused.map((r) => ({ path: `plays.${r.id}`, message: r.message })));
  }
  return { sent: plays.length, accepted: result?.accepted ?? 0, refused };
}
