import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { Media } from '../../db/generated/client.js';
import path from 'node:path';
import { notFound } from '../../http/errors.js';
import { removeQuietly } from '../../storage/stored-files.js';
import { thumbPath } from '../../storage/thumbnails.js';
import { screensThroughLayouts } from '../layouts/layout-screens.js';

// Alphabetical reads best in a dialog; id keeps equal names in a stable order.
const byName = [{ name: 'asc' as const }, { id: 'asc' as const }];
const named = { id: true, name: true } as const;

/** What deleting a media item takes from: the playlists holding it, the screens showing one of those (alone or in a layout's zone). */
export async function mediaUsage(db: Db, ownerId: string, id: string) {
  if (!(await db.media.findFirst({ where: { id, ownerId }, select: { id: true } }))) throw notFound('Medya');
  const inPlaylist = { items: { some: { mediaId: id } } };
  const [playlists, screens] = await Promise.all([
    db.playlist.findMany({ where: { ownerId, ...inPlaylist }, select: named, orderBy: byName }),
    db.screen.findMany({
      where: { ownerId, OR: [{ currentPlaylist: inPlaylist }, { currentLayout: { zones: { some: { playlist: inPlaylist } } } }] },
      select: named, orderBy: byName,
    }),
  ]);
  return { playlists, screens };
}

export async function listMedia(db: Db, ownerId: string): Promise<Media[]> {
  return db.media.findMany({ where: { ownerId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/**
 * Deletes the row (its playlist items cascade), then the file, then tells the screens
 * whose current playlist, or a zone of whose layout, showed it. The file goes after the commit so a failed delete
 * never leaves a row pointing at nothing.
 */
export async function deleteMedia(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const { media, screenIds } = await ctx.db.$transaction(async (tx) => {
    const media = await tx.media.findFirst({ where: { id, ownerId } });
    if (!media) throw notFound('Medya');
    const screens = await tx.screen.findMany({
      where: { ownerId, currentPlaylist: { items: { some: { mediaId: id } } } },
      select: { id: true },
    });
    const inZones = await screensThroughLayouts(tx, { playlist: { items: { some: { mediaId: id } } } });
    await tx.media.delete({ where: { id } });
    return { media, screenIds: [...new Set([...screens.map((s) => s.id), ...inZones])] };
  });
  try {
    if (media.fileName) {
      await removeQuietly(path.join(ctx.config.uploadsDir, media.fileName));
      await removeQuietly(thumbPath(ctx.config.uploadsDir, media.fileName));
    }
  } catch (err) {
    // The row is gone; an undeletable file is an operator matter, not the customer's.
    ctx.logger.warn({ err, fileName: media.fileName }, 'media file could not be removed');
  }
  if (screenIds.length) await ctx.notifier.screensChanged(screenIds);
}
