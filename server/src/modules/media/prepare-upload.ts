import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context.js';
import { unsupportedFileType } from '../../http/errors.js';
import { imageDimensions } from '../../storage/image-dimensions.js';
import { loadSharp } from '../../storage/load-sharp.js';
import type { SniffedMedia } from '../../storage/sniff-media.js';
import { storageKey } from '../../storage/file-storage.js';
import { randomFileName, removeQuietly } from '../../storage/stored-files.js';
import { incomingDir, incomingFileName } from '../../storage/sweep-incoming.js';
import type { IncomingFile } from '../../storage/upload-to-disk.js';
import { displaySize, moovBeforeMdat, probeVideo, runFfmpeg } from '../../storage/video-tools.js';
import { planVideo, posterArgs } from './video-plan.js';

/*
 * The quick part of processing, done inside the upload request (docs/architecture/media-processing.md)
 * so a file that plays as it is answers 'ready' and can go into a playlist at once: the video is
 * probed and gets its poster and exact length, a photo is turned upright and scaled down. Only
 * a video that must be remuxed or transcoded answers 'processing' and is finished by the
 * `media.process` job (media-processing.ts).
 */

export const UNREADABLE_VIDEO = 'Video okunamadı: dosya bozuk ya da tanınmayan bir biçimde. Lütfen başka bir dosya yükleyin.';

/** The longest side a picture is kept at: a 4K screen's width. */
export const MAX_IMAGE_PX = 3840;
/** Pictures sharp rewrites; GIF, APNG and BMP stay as uploaded (animation, or no encoder). */
const REWRITABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

/** A received file on this instance's disk: its size, and its hash when it was taken while it streamed in. */
export type ReceivedFileBytes = Pick<IncomingFile, 'tempPath' | 'size'> & { sha256?: string };

export type PreparedUpload = {
  /** The file's size now (a turned or scaled picture is rewritten). */
  size: number;
  /** The row's fields the file decides. */
  fields: {
    width: number | null; height: number | null; durationSec: number | null; sha256: string | null;
    status: 'processing' | 'ready'; progress: number; posterFileName: string | null;
  };
  /** Stores the poster beside the upload, before the row is written. */
  placePoster(): Promise<void>;
  /** Removes the poster wherever it is: the upload failed. */
  discard(): Promise<void>;
};

/**
 * What the quick part of processing makes of a received file. `file.sha256` is the hash taken
 * while it streamed in, when there is one; otherwise (a finished resumable upload) the file is
 * hashed here, and only when the row keeps it: a video to be converted gets its hash from the
 * converted file (media-processing.ts).
 */
export async function prepareUpload(ctx: Pick<AppContext, 'config' | 'logger' | 'storage'>, file: ReceivedFileBytes, type: SniffedMedia): Promise<PreparedUpload> {
  const hashOf = async () => file.sha256 ?? await sha256Of(file.tempPath);
  if (type.kind === 'image') {
    const fixed = await uprightImage(file.tempPath, type.mime, ctx);
    const sha256 = fixed ? await sha256Of(file.tempPath) : await hashOf();
    const dims = fixed ?? await imageDimensions(file.tempPath);
    return {
      size: fixed?.size ?? file.size,
      fields: { width: dims.width, height: dims.height, durationSec: null, sha256, status: 'ready', progress: 100, posterFileName: null },
      placePoster: async () => {},
      discard: async () => {},
    };
  }
  const probe = await probeVideo(ctx.config.ffprobePath, file.tempPath);
  if (!probe) throw unsupportedFileType(UNREADABLE_VIDEO);
  const isMp4 = type.mime === 'video/mp4';
  const plan = planVideo(probe, isMp4, isMp4 && await moovBeforeMdat(file.tempPath));
  const poster = await makePoster(ctx, file.tempPath, probe);
  const { width, height } = displaySize(probe);
  const posterFileName = poster ? randomFileName('webp') : null;
  const posterKey = posterFileName ? storageKey.upload(posterFileName) : undefined;
  return {
    size: file.size,
    fields: {
      width, height, durationSec: probe.durationSec, sha256: plan === 'keep' ? await hashOf() : null,
      status: plan === 'keep' ? 'ready' : 'processing', progress: plan === 'keep' ? 100 : 0, posterFileName,
    },
    placePoster: async () => { if (poster && posterKey) await ctx.storage.putFile(posterKey, poster); },
    discard: async () => {
      await removeQuietly(poster);
      if (posterKey) await ctx.storage.remove(posterKey);
    },
  };
}

/** A video's poster frame in the temp folder; undefined (logged) when ffmpeg cannot take one. */
export async function makePoster(ctx: Pick<AppContext, 'config' | 'logger'>, source: string, probe: Parameters<typeof posterArgs>[0]): Promise<string | undefined> {
  const out = path.join(incomingDir(ctx.config.uploadsDir), incomingFileName());
  try {
    await mkdir(path.dirname(out), { recursive: true });
    await runFfmpeg(ctx.config, posterArgs(probe, source, out));
    return out;
  } catch (err) {
    ctx.logger.warn({ err }, 'no poster could be taken from a video; its card shows none');
    await removeQuietly(out);
    return undefined;
  }
}

/**
 * Turns a phone photo upright from its EXIF orientation and scales a picture larger than
 * MAX_IMAGE_PX down, rewriting the file in place (EXIF goes with it, so nothing turns it
 * twice). Undefined when nothing needed doing, or sharp cannot read it (kept as uploaded).
 */
async function uprightImage(file: string, mime: string, ctx: Pick<AppContext, 'logger'>) {
  if (!REWRITABLE.has(mime)) return undefined;
  const sharp = await loadSharp();
  const out = `${file}.fixed`;
  try {
    const meta = await sharp(file).metadata();
    if ((meta.pages ?? 1) > 1) return undefined; // an animated WebP: sharp would keep its first frame only
    const turned = (meta.orientation ?? 1) > 1;
    const large = Math.max(meta.width ?? 0, meta.height ?? 0) > MAX_IMAGE_PX;
    if (!turned && !large) return undefined;
    const info = await sharp(file)
      .rotate()
      .resize({ width: MAX_IMAGE_PX, height: MAX_IMAGE_PX, fit: 'inside', withoutEnlargement: true })
      .toFormat(meta.format as 'jpeg', meta.format === 'png' ? {} : { quality: 90 }) // PNG's quality would reduce its colours
      .toFile(out);
    await rename(out, file);
    return { width: info.width, height: info.height, size: info.size };
  } catch (err) {
    ctx.logger.warn({ err }, 'a picture could not be turned upright or scaled; kept as uploaded');
    await removeQuietly(out);
    return undefined;
  }
}

/** Hex SHA-256 of a file on disk. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
