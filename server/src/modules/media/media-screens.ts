import type { DbOrTx } from '../../db/client.js';
import { activeAlertWhere } from '../alerts/active-alert.js';
import { screensOfSchedules } from '../schedules/schedule-targets.js';

/**
 * The one answer to "which screens show these media items" (docs/PRODUCT.md#media-api): the
 * screens whose assigned playlist holds one of them, whose layout has a zone playing such a
 * playlist, the screens reached by a schedule entry whose playlist holds one or whose layout
 * has a zone playing such a playlist, and the targets of an emergency alert active at `now` that
 * shows one of them (docs/architecture/alerts.md#alerts). A change of a media item or app pushes
 * exactly these, each once.
 */
export async function screensShowingMedia(db: DbOrTx, ownerId: string, mediaIds: string[], now: Date): Promise<string[]> {
  if (mediaIds.length === 0) return [];
  const inPlaylist = { items: { some: { mediaId: { in: mediaIds } } } };
  // One after the other: inside a transaction the queries share one connection.
  const assigned = await db.screen.findMany({
    where: { ownerId, OR: [{ currentPlaylist: inPlaylist }, { currentLayout: { zones: { some: { playlist: inPlaylist } } } }] },
    select: { id: true },
  });
  const scheduled = await screensOfSchedules(db, {
    ownerId, OR: [{ playlist: inPlaylist }, { layout: { zones: { some: { playlist: inPlaylist } } } }],
  });
  const alerted = await db.alertTarget.findMany({
    where: { alert: { ownerId, mediaId: { in: mediaIds }, ...activeAlertWhere(now) } },
    select: { screenId: true },
  });
  return [...new Set([...assigned.map((s) => s.id), ...scheduled, ...alerted.map((a) => a.screenId)])];
}
