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

  const mediaIds = [...new Set(plays.map((p) => p.mediaId))];
  const foreign = await ctx.db.media.findFirst({
    where: { id: { in: mediaIds }, ownerId: { not: device.ownerId } },
    select: { id: true },
  });
  if (foreign) throw notFound('Medya');

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
  // One statement: the records and their rollup queue rows are written together or not at all.
  // A failed play was never shown, so it is stored but not counted (docs/ARCHITECTURE.md#plays).
  const [result] = await ctx.db.$queryRaw<{ accepted: number }[]>`
    WITH v AS (
      SELECT * FROM json_to_recordset(${rows}::json) AS v(
        id uuid, "screenId" text, "mediaId" text, "playlistId" text, "scheduleId" text,
        "startedAt" timestamptz, "durationMs" int, outcome text)
    ), ins AS (
      INSERT INTO play_records (id, "ownerId", "screenId", "mediaId", "playlistId", "scheduleId", "startedAt", "durationMs", outcome)
      SELECT id, ${device.ownerId}, "screenId", "mediaId", "playlistId", "scheduleId", "startedAt", "durationMs", outcome FROM v
      ON CONFLICT (id) DO NOTHING
      RETURNING id, "screenId", "mediaId", "startedAt", "durationMs", outcome
    ), queued AS (
      INSERT INTO play_rollup_queue (id, "ownerId", "screenId", "mediaId", hour, "durationMs")
      SELECT id, ${device.ownerId}, "screenId", "mediaId", date_trunc('hour', "startedAt", 'UTC'), "durationMs"
      FROM ins WHERE outcome <> 'failed'
    )
    SELECT count(*)::int AS accepted FROM ins`;
  const accepted = result?.accepted ?? 0;
  return { accepted, duplicates: plays.length - accepted };
}
