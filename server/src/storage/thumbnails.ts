import { randomBytes } from 'node:crypto';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { loadSharp } from './load-sharp.js';
import { removeQuietly } from './stored-files.js';

/**
 * Small pictures of uploaded images for the dashboard's lists (docs/architecture/storage.md#thumbnails).
 * /media showed every original in a 200 px card: a customer's 4 MB photos, twelve at a time, on
 * a phone. `GET /uploads/thumbs/<file>` answers a WebP at most THUMB_PX wide and high, made from
 * `/uploads/<file>` on the first request and kept beside the uploads (`.thumbs/`, which the
 * static files never serve), so existing media get one too. What cannot be made into one (a
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

export const thumbsDir = (uploadsDir: string) => path.join(uploadsDir, '.thumbs');
export const thumbPath = (uploadsDir: string, fileName: string) => path.join(thumbsDir(uploadsDir), `${fileName}.webp`);

/** Thumbnails being made now, by file name: two requests for one new picture make it once. */
const making = new Map<string, Promise<boolean>>();

/**
 * True when the thumbnail is on disk after the call; false when this file cannot have one. The
 * caller has checked that the upload itself is there.
 */
async function ensureThumbnail(uploadsDir: string, fileName: string, logger: Logger): Promise<boolean> {
  if (!THUMBNAILABLE.test(fileName)) return false;
  const target = thumbPath(uploadsDir, fileName);
  if (await isFile(target)) return true;
  const source = path.join(uploadsDir, fileName);
  let pending = making.get(fileName);
  if (!pending) {
    pending = make(source, target, logger).finally(() => making.delete(fileName));
    making.set(fileName, pending);
  }
  return pending;
}

async function make(source: string, target: string, logger: Logger): Promise<boolean> {
  const sharp = await loadSharp();
  await mkdir(path.dirname(target), { recursive: true });
  // Written aside and renamed: another instance on the same uploads never reads half a file.
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await sharp(source)
      .rotate() // a phone photo's EXIF orientation, as the browser shows the original
      .resize({ width: THUMB_PX, height: THUMB_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: QUALITY })
      .toFile(temp);
    await rename(temp, target);
    return true;
  } catch (err) {
    logger.warn({ err, file: path.basename(source) }, 'thumbnail could not be made; the original is shown');
    await removeQuietly(temp).catch(() => {});
    return false;
  }
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

/** GET /uploads/thumbs/:file; an unknown file goes on to the uploads' 404. */
export function thumbnailRoute(uploadsDir: string, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const fileName = String(req.params.file);
    if (!FILE_NAME.test(fileName) || !(await isFile(path.join(uploadsDir, fileName)))) {
      next();
      return;
    }
    if (!(await ensureThumbnail(uploadsDir, fileName, logger))) {
      res.redirect(302, `/uploads/${fileName}`);
      return;
    }
    // The original under a name never changes (static.ts), so neither does its thumbnail.
    res.sendFile(thumbPath(uploadsDir, fileName), {
      dotfiles: 'allow', maxAge: '365d', immutable: true, headers: { 'X-Content-Type-Options': 'nosniff' },
    });
  };
}
