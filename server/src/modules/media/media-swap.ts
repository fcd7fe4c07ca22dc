import type { AppContext } from '../../context.js';
import type { Media, Prisma } from '../../db/generated/client.js';
import { removeStoredFiles, storedFilesOf } from './media-files.js';
import { screensShowingMedia } from './media-screens.js';
import { audit } from '../audit/audit.js';

/*
 * A replacement file taking its media item's place (docs/PRODUCT.md#replacing-a-file), whether
 * it was ready at upload (replace-media.ts) or converted by the `media.process` job
 * (media-processing.ts): the row keeps its id, so every playlist, layout zone and schedule
 * holding it shows the new file, and the old files go only after the row points away from them.
 */

/** What the row says about its file; the new file's, stored before the row points at it. */
export type NewFile = {
  fileName: string; mime: string; sizeBytes: bigint; width: number | null; height: number | null;
  durationSec: number | null; sha256: string | null; posterFileName: string | null;
};

/** The replacement columns emptied: nothing waits any more. */
export const NO_REPLACEMENT = {
  replacementFileName: null, replacementMime: null, replacementSizeBytes: null, replacementPosterFileName: null,
  replacementStatus: null, replacementProgress: null, replacementError: null,
} as const satisfies Prisma.MediaUpdateManyMutationInput;

/** A video's length as a playlist form rounds it (web's initialDuration); null for none. */
const wholeSeconds = (sec: number | null) => (sec !== null && sec > 0 ? Math.ceil(sec) : null);

/** `media`: the row before the swap; `row`: after it; the screens showing it, for the push. */
export type Swapped = { media: Media; row: Media; screenIds: string[] };

/**
 * In the caller's transaction: the row takes the new file's fields (`where` guards against a
 * change since `media` was read; null when it no longer holds), and the playlist items whose
 * duration was the old video's length (rounded up, as the forms fill it in) get the new one;
 * a duration the customer chose stays. Returns the screens showing the item at `now`, for the push.
 */
export async function swapFile(tx: Prisma.TransactionClient, media: Media, next: NewFile, now: Date, where: Prisma.MediaWhereInput = {}): Promise<Swapped | null> {
  const [row] = await tx.media.updateManyAndReturn({
    where: { ...where, id: media.id },
    data: { ...next, status: 'ready', progress: 100, error: null, ...NO_REPLACEMENT },
  });
  if (!row) return null;
  const before = wholeSeconds(media.durationSec);
  const after = wholeSeconds(next.durationSec);
  if (before !== null && after !== null && before !== after) {
    const items = await tx.playlistItem.findMany({ where: { mediaId: media.id, duration: before }, select: { playlist: { select: { id: true, name: true } } } });
    await tx.playlistItem.updateMany({ where: { mediaId: media.id, duration: before }, data: { duration: after } });
    // Each playlist whose items now run the new length changed too: its own event (docs/architecture/audit.md#events).
    const playlists = new Map(items.map((i) => [i.playlist.id, i.playlist]));
    for (const p of playlists.values()) {
      await audit(tx, { account: media.ownerId, action: 'playlist.update', target: { type: 'playlist', id: p.id, name: p.name }, changes: { itemDuration: [before, after] } });
    }
  }
  return { media, row, screenIds: await screensShowingMedia(tx, media.ownerId, [media.id], now) };
}

/**
 * After the commit: the old row's files that the new row does not keep (its file, poster, a
 * PDF's pages, a converted replacement's original; `storedFilesOf`) leave the storage with their
 * thumbnails, the owner's dashboards hear that the replacement is done, and every screen showing
 * the item is pushed its new config. A file that cannot be removed is logged and stops none of it.
 */
export async function afterSwap(ctx: Pick<AppContext, 'storage' | 'logger' | 'notifier'>, s: Swapped): Promise<void> {
  const kept = new Set(storedFilesOf(s.row));
  // The row points at the new file already; an undeletable old one is an operator matter.
  await removeStoredFiles(ctx, storedFilesOf(s.media).filter((name) => !kept.has(name)), 'a replaced media file could not be removed');
  ctx.notifier.mediaProgress(s.media.ownerId, { mediaId: s.media.id, status: 'ready', progress: 100, error: null, replacement: true });
  if (s.screenIds.length) await ctx.notifier.screensChanged(s.screenIds);
}
