import type { AppContext } from '../../context.js';
import type { Media } from '../../db/generated/client.js';
import { storageKey } from '../../storage/file-storage.js';
import { pdfPagesOf } from './pdf-document.js';

/*
 * The files a media row keeps in the storage, named once for everyone who removes them: deleting
 * the item, deleting its owner's account, and a replacement taking its place (media-swap.ts).
 */

/** The row's fields that name stored files; a query selects these to list them. */
export const STORED_FILE_FIELDS = {
  fileName: true, posterFileName: true, app: true, replacementFileName: true, replacementPosterFileName: true,
} as const satisfies Partial<Record<keyof Media, true>>;

type WithFiles = Pick<Media, keyof typeof STORED_FILE_FIELDS>;

/**
 * Every file of the row: its file and poster, or a PDF document's page pictures
 * (docs/PRODUCT.md#apps), and a replacement still converting with its poster
 * (docs/PRODUCT.md#replacing-a-file). Each may also have a thumbnail (`storageKey.thumb`).
 */
export function storedFilesOf(m: WithFiles): string[] {
  return [m.fileName, m.posterFileName, ...pdfPagesOf(m), m.replacementFileName, m.replacementPosterFileName]
    .filter((f): f is string => Boolean(f));
}

/**
 * Removes the files and their thumbnails after the commit that left no row pointing at them. One
 * that cannot be removed is logged (`what` says whose): an operator matter, never the customer's.
 */
export async function removeStoredFiles(ctx: Pick<AppContext, 'storage' | 'logger'>, fileNames: string[], what: string): Promise<void> {
  for (const fileName of fileNames) {
    try {
      await ctx.storage.remove(storageKey.upload(fileName));
      await ctx.storage.remove(storageKey.thumb(fileName));
    } catch (err) {
      ctx.logger.warn({ err, fileName }, what);
    }
  }
}
