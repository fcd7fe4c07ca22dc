import type { TPlaysUpload, TPlaysUploadResponse } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthDevice } from '../devices/device-auth.js';

/** Why a batch naming another screen is refused; the player drops such records (docs/PRODUCT.md#plays-api). */
export const OTHER_SCREEN_MESSAGE = 'Oynatma kayıtları yalnızca cihazın şu anki ekranı için gönderilebilir';

/**
 * POST /api/devices/plays (docs/ARCHITECTURE.md#plays). The whole batch is checked before
 * anything is written: every record must name the device's current screen, and every media
 * that still exists must be its owner's (a media deleted since the play is accepted: the
 * record outlives it). Then one statement stores the new records and queues the counted ones
 * for the rollup job; ids already stored (a batch sent again, overlapping batches) are left
 * as they are, whoever sent them, and answered as duplicates.
 */
export async function recordPlays(ctx: AppContext, device: AuthDevice, body: TPlaysUpload): Promise<TPlaysUploadResponse> {
  const { plays } = body;
  if (!device.screenId || plays.some((p) => p.screenId !== device.screenId)) throw forbidden(OTHER_SCREEN_MESSAGE);

  const rows = JSON.stringify(plays.map((p) => ({
    id: p.id,
    screenId: p.screenId,
    mediaId: p.mediaId,
    playlistId: p.playlistId,
    scheduleId: p.scheduleId,
    startedAt: p.startedAt,
    durationMs: p.durationMs,
    outcome: p.outcome,
  })));
  // One statement (docs/PERFORMANCE.md#p11-and-p12-plays): the media check, the records and
  // their sums per screen, media and hour in the rollup queue (a few rows per batch). Another customer's media writes nothing; a failed play was never
  // shown, so it is stored but not queued (docs/ARCHITECTURE.md#plays).
  const [result] = await ctx.db.$queryRaw<{ foreign: boolean; accepted: number }[]>`
    WITH v AS (
      SELECT * FROM json_to_recordset(${rows}::json) AS v(
        id uuid, "screenId" text, "mediaId" text, "playlistId" text, "scheduleId" text,
        "startedAt" timestamptz, "durationMs" int, outcome text)
    ), foreign_media AS (
      SELECT 1 FROM media WHERE id IN (SELECT DISTINCT "mediaId" FROM v) AND "ownerId" <> ${device.ownerId} LIMIT 1
    ), ins AS (
      INSERT INTO play_records (id, "ownerId", "screenId", "mediaId", "playlistId", "scheduleId", "startedAt", "durationMs", outcome)
      SELECT id, ${device.ownerId}, "screenId", "mediaId", "playlistId", "scheduleId", "startedAt", "durationMs", outcome FROM v
      WHERE NOT EXISTS (SELECT 1 FROM foreign_media)
      ON CONFLICT (id) DO NOTHING
      RETURNING id, "screenId", "mediaId", "startedAt", "durationMs", outcome
    ), queued AS (
      INSERT INTO play_rollup_queue ("ownerId", "screenId", "mediaId", hour, plays, "durationMs")
      SELECT ${device.ownerId}, "screenId", "mediaId", date_trunc('hour', "startedAt", 'UTC'), count(*), sum("durationMs")
      FROM ins WHERE outcome <> 'failed' GROUP BY 2, 3, 4
    )
    SELECT EXISTS (SELECT 1 FROM foreign_media) AS foreign, (SELECT count(*) FROM ins)::int AS accepted`;
  if (result?.foreign) throw notFound('Medya');
  const accepted = result?.accepted ?? 0;
  return { accepted, duplicates: plays.length - accepted };
}
