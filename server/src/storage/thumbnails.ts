import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import type { Logger } from '../logger.js';
import { storageKey, type FileStorage } from './file-storage.js';
import { loadSharp } from './load-sharp.js';
import { removeQuietly } from './stored-files.js';
import { incomingDir, incomingFileName } from './sweep-incoming.js';

/**
 * Small pictures of uploaded images for the dashboard's lists (docs/architecture/storage.md#thumbnails).
 * /media showed every original in a 200 px card: a customer's 4 MB photos, twelve at a time, on
 * a phone. `GET /uploads/thumbs/<file>` answers a WebP at most THUMB_PX wide and high, made from
 * `/uploads/<file>` on the first request and stored beside the uploads (`.thumbs/`, which the
 * static files never serve; in a bucket the same key), so existing media get one too. What cannot be made into one (a
 * video, BMP, a broken file) is redirected to the original: the address always shows something.
 * Players never ask: they show the originals.
 */

/** Twice the widest card on the dashboard, for sharp screens. */
export const THUMB_PX = 480;
const QUALITY = 72;
/** Names as uploads are stored (randomFileName), and the bare names of imported data. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)+$/;
/** The extensions of the images sharp's prebuilt libvips reads (sniff-media.ts's list, less BMP). */
const THUMBNAILABLE = /\.(jpe?g|png|apng|gif|webp|avif)$/i;

/** Where the local folder keeps them (storageKey.thumb). */
export const thumbsDir = (uploadsDir: string) => path.join(uploadsDir, '.thumbs');
export const thumbPath = (uploadsDir: string, fileName: string) => path.join(thumbsDir(uploadsDir), `${fileName}.webp`);

/** Thumbnails being made now, by file name: two requests for one new picture make it once. */
const making = new Map<string, Promise<boolean>>();

/**
 * True when the thumbnail is stored after the call; false when this file cannot have one. The
 * caller has checked that the upload itself is there.
 */
async function ensureThumbnail(storage: FileStorage, tempDir: string, fileName: string, logger: Logger): Promise<boolean> {
  if (!THUMBNAILABLE.test(fileName)) return false;
  if ((await storage.sizeOf(storageKey.thumb(fileName))) !== undefined) return true;
  let pending = making.get(fileName);
  if (!pending) {
    pending = make(storage, tempDir, fileName, logger).finally(() => making.delete(fileName));
    making.set(fileName, pending);
  }
  return pending;
}

async function make(storage: FileStorage, tempDir: string, fileName: string, logger: Logger): Promise<boolean> {
  const sharp = await loadSharp();
  await mkdir(tempDir, { recursive: true });
  // Written aside and stored whole: another instance on the same storage never reads half a file.
  const temp = path.join(tempDir, incomingFileName());
  try {
    const made = await storage.withLocalFile(storageKey.upload(fileName), async (source) => {
      await sharp(source)
        .rotate() // a phone photo's EXIF orientation, as the browser shows the original
        .resize({ width: THUMB_PX, height: THUMB_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: QUALITY })
        .toFile(temp);
      return true;
    });
    if (!made) return false;
    await storage.putFile(storageKey.thumb(fileName), temp, 'image/webp');
    return true;
  } catch (err) {
    logger.warn({ err, file: fileName }, 'thumbnail could not be made; the original is shown');
    await removeQuietly(temp).catch(() => {});
    return false;
  }
}

/** GET /uploads/thumbs/:file; an unknown file goes on to the uploads' 404. */
export function thumbnailRoute(ctx: Pick<AppContext, 'storage' | 'config' | 'logger'>): RequestHandler {
  const { storage, logger } = ctx;
  const tempDir = incomingDir(ctx.config.uploadsDir);
  return async (req, res, next) => {
    const fileName = String(req.params.file);
    if (!FILE_NAME.test(fileName) || (await storage.sizeOf(storageKey.upload(fileName))) === undefined) {
      next();
      return;
    }
    if (!(await ensureThumbnail(storage, tempDir, fileName, logger))) {
      res.redirect(302, `/uploads/${fileName}`);
      return;
    }
    // A bucket's thumbnail is fetched from the bucket, like the uploads (static.ts).
    const target = await storage.publicUrl(storageKey.thumb(fileName));
    if (target) {
      res.setHeader('Cache-Control', `private, max-age=${target.maxAgeS}`);
      res.redirect(302, target.url);
      return;
    }
    // The original under a name never changes (static.ts), so neither does its thumbnail.
    res.sendFile(thumbPath(ctx.config.uploadsDir, fileName), {
      dotfiles: 'allow', maxAge: '365d', immutable: true, headers: { 'X-Content-Type-Options': 'nosniff' },
    });
  };
}
