import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { TMediaProgressEvent, TMediaStatus } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Media, Prisma } from '../../db/generated/client.js';
import { storageKey } from '../../storage/file-storage.js';
import { randomFileName, removeQuietly } from '../../storage/stored-files.js';
import { incomingDir, incomingFileName } from '../../storage/sweep-incoming.js';
import { displaySize, moovBeforeMdat, probeVideo, runFfmpeg, type VideoProbe } from '../../storage/video-tools.js';
import { audit, mediaTarget } from '../audit/audit.js';
import { announce } from '../webhooks/webhooks.service.js';
import { mediaHookData } from '../webhooks/hook-data.js';
import { screensShowingMedia } from './media-screens.js';
import { afterSwap, NO_REPLACEMENT, swapFile, type NewFile, type Swapped } from './media-swap.js';
import { makePoster, sha256Of, UNREADABLE_VIDEO } from './prepare-upload.js';
import { ffmpegArgs, planVideo, type VideoPlan } from './video-plan.js';

/*
 * The `media.process` job (docs/architecture/media-processing.md): a video the upload answered
 * 'processing' is remuxed or transcoded to an MP4 every player plays. The original stays until
 * the new file is in place; then the row points at the new file (name, type, size, length,
 * hash), the original is removed and the screens holding it are pushed. A file ffmpeg cannot
 * convert ends 'failed' with a Turkish reason, its files removed and its size 0, so nothing
 * of it counts against the storage limit; the row stays so the card can say why.
 *
 * A replacement file waiting in the row's replacement columns (docs/PRODUCT.md#replacing-a-file)
 * is converted by the same job: the row keeps serving its old file until the new one takes its
 * place (media-swap.ts); one that fails leaves the old file playing and only says why.
 */

export const CONVERT_FAILED = 'Video dönüştürülemedi: dosya bozuk ya da desteklenmeyen bir biçimde. Lütfen başka bir dosya yükleyin.';

/** Progress is written and sent at most this often: a dashboard needs no more, the database no more load. */
const PROGRESS_EVERY_MS = 1000;

type Ctx = Pick<AppContext, 'db' | 'config' | 'logger' | 'notifier' | 'jobs' | 'clock' | 'storage'>;

/**
 * One job per file: a replacement's key names its file too, so a job of the item's earlier file
 * that BullMQ still keeps (a failed one stays under its key) never stops the new file's.
 */
const jobKey = (mediaId: string, replacementFileName?: string | null) =>
  (replacementFileName ? `media.process:${mediaId}:${replacementFileName}` : `media.process:${mediaId}`);

/**
 * After the upload's commit (`replacementFileName`: a new file converting in the item's place).
 * A job that cannot be queued is logged; `media.repair` queues it later.
 */
export async function queueProcessing(ctx: Pick<AppContext, 'jobs' | 'logger'>, mediaId: string, replacementFileName?: string): Promise<void> {
  await ctx.jobs.enqueue('media.process', { mediaId, ...(replacementFileName ? { fileName: replacementFileName } : {}) }, { key: jobKey(mediaId, replacementFileName) })
    .catch((err: unknown) => ctx.logger.error({ err, mediaId }, 'queueing media processing failed'));
}

/** Media this process is converting now: a repair never starts a second conversion of one beside it. */
const converting = new Set<string>();

/**
 * `media.repair`: every item still processing gets its job again unless one is waiting or running
 * (BullMQ keeps a job under its key until it completes; in-process, `converting` says it runs).
 * An embedded server restarted mid-conversion, or an upload whose job could not be queued,
 * so finishes within 10 minutes instead of never. Returns how many were queued.
 */
export async function requeueProcessing(ctx: Pick<AppContext, 'db' | 'jobs' | 'clock'>): Promise<number> {
  const rows = await ctx.db.media.findMany({
    where: { OR: [{ status: 'processing' }, { replacementStatus: 'processing' }] },
    select: { id: true, status: true, replacementFileName: true }, orderBy: { id: 'asc' },
  });
  const now = ctx.clock();
  return ctx.jobs.ensureScheduled(rows.filter((r) => !converting.has(r.id)).map((r) => {
    const fileName = r.status === 'processing' ? undefined : r.replacementFileName ?? undefined;
    return { name: 'media.process', payload: { mediaId: r.id, ...(fileName ? { fileName } : {}) }, runAt: now, key: jobKey(r.id, fileName) };
  }));
}

/**
 * The `media.process` job: converts the item's own file, or its replacement. A job naming a
 * replacement file (`fileName`) converts that one only: run again after its file was swapped in
 * or failed (a retry, a kept job), it must not convert a newer replacement beside that one's own job.
 */
export async function processMedia(ctx: Ctx, mediaId: string, fileName?: string): Promise<void> {
  if (converting.has(mediaId)) return;
  converting.add(mediaId);
  try {
    await processOne(ctx, mediaId, fileName);
  } finally {
    converting.delete(mediaId);
  }
}

/**
 * What a job converts: the item's own file, or the replacement waiting beside it. `where` finds
 * the row only while that is still so (not deleted, not replaced again, not finished by another run).
 */
type Target = {
  media: Media; replacement: boolean; fileName: string; mime: string; sizeBytes: bigint; posterFileName: string | null; where: Prisma.MediaWhereInput;
};

function targetOf(media: Media): Target | undefined {
  if (media.status === 'processing' && media.fileName) {
    return { media, replacement: false, fileName: media.fileName, mime: media.mime, sizeBytes: media.sizeBytes,
      posterFileName: media.posterFileName, where: { status: 'processing' } };
  }
  if (media.replacementStatus === 'processing' && media.replacementFileName) {
    return { media, replacement: true, fileName: media.replacementFileName, mime: media.replacementMime ?? '', sizeBytes: media.replacementSizeBytes ?? 0n,
      posterFileName: media.replacementPosterFileName, where: { replacementStatus: 'processing', replacementFileName: media.replacementFileName } };
  }
  return undefined;
}

/** A progress event of the target: the item's own, or its replacement's. */
const eventOf = (t: Target, status: TMediaStatus, progress: number, error: string | null): TMediaProgressEvent =>
  ({ mediaId: t.media.id, status, progress, error, ...(t.replacement ? { replacement: true as const } : {}) });

async function processOne(ctx: Ctx, mediaId: string, fileName: string | undefined): Promise<void> {
  const media = await ctx.db.media.findUnique({ where: { id: mediaId } });
  // Deleted meanwhile, or already done by an earlier run of a repeated job.
  const target = media && targetOf(media);
  if (!target || (fileName !== undefined && target.fileName !== fileName)) return;
  // A bucket's file is read from a temp copy (storage.withLocalFile), so any instance converts it.
  const done = await ctx.storage.withLocalFile(storageKey.upload(target.fileName), (source) => convertFrom(ctx, target, source));
  if (!done) return fail(ctx, target, UNREADABLE_VIDEO);
  if ('error' in done) return fail(ctx, target, done.error);
  await finish(ctx, target, done);
}

/** The converted file and its poster in the temp folder (none: the original plays as it is), or why not. */
async function convertFrom(ctx: Ctx, t: Target, source: string): Promise<Converted | { error: string }> {
  const probe = await probeVideo(ctx.config.ffprobePath, source);
  if (!probe) return { error: UNREADABLE_VIDEO };
  const isMp4 = t.mime === 'video/mp4';
  const plan = planVideo(probe, isMp4, isMp4 && await moovBeforeMdat(source));
  // A file the upload found to need converting has no hash yet (prepare-upload.ts hashes only what it keeps).
  if (plan === 'keep') return withPoster(ctx, t, { file: undefined, probe, size: Number(t.sizeBytes), sha256: await sha256Of(source) }, source);
  const out = path.join(incomingDir(ctx.config.uploadsDir), `${incomingFileName()}.mp4`);
  try {
    await mkdir(path.dirname(out), { recursive: true });
    await convert(ctx, t, plan, probe, source, out);
  } catch (err) {
    await removeQuietly(out);
    ctx.logger.warn({ err, mediaId: t.media.id }, 'a video could not be converted');
    return { error: CONVERT_FAILED };
  }
  const result = await probeVideo(ctx.config.ffprobePath, out);
  if (!result) {
    await removeQuietly(out);
    return { error: CONVERT_FAILED };
  }
  return withPoster(ctx, t, { file: out, probe: result, size: (await stat(out)).size, sha256: await sha256Of(out) }, out);
}

type Converted = { file: string | undefined; probe: VideoProbe; size: number; sha256: string; poster: string | undefined };

async function withPoster(ctx: Ctx, t: Target, c: Omit<Converted, 'poster'>, video: string): Promise<Converted> {
  return { ...c, poster: t.posterFileName ? undefined : await makePoster(ctx, video, c.probe) };
}

/**
 * Runs ffmpeg, telling the owner's dashboards how far it got. A stream copy that ffmpeg
 * refuses (timestamps an MP4 cannot hold, from some AVI and MKV files) is transcoded instead.
 */
async function convert(ctx: Ctx, t: Target, plan: Exclude<VideoPlan, 'keep'>, probe: VideoProbe, source: string, out: string) {
  const { media } = t;
  let told = 0;
  let last = 0;
  const onProgress = (share: number) => {
    const progress = Math.min(99, Math.floor(share * 100));
    const now = Date.now();
    if (progress <= last || now - told < PROGRESS_EVERY_MS) return;
    told = now;
    last = progress;
    void ctx.db.media.updateMany({ where: { ...t.where, id: media.id }, data: t.replacement ? { replacementProgress: progress } : { progress } })
      .then(() => ctx.notifier.mediaProgress(media.ownerId, eventOf(t, 'processing', progress, null)))
      .catch((err: unknown) => ctx.logger.warn({ err, mediaId: media.id }, 'processing progress could not be saved'));
  };
  const run = (p: Exclude<VideoPlan, 'keep'>) => runFfmpeg(ctx.config, ffmpegArgs(p, probe, source, out), { durationSec: probe.durationSec, onProgress });
  try {
    await run(plan);
  } catch (err) {
    if (plan === 'transcode') throw err;
    ctx.logger.info({ err, mediaId: media.id, plan }, 'a stream copy failed; transcoding instead');
    await removeQuietly(out);
    await run('transcode');
  }
}

/**
 * The new file (or none: the original plays as it is) takes the original's place; the screens
 * holding it are pushed. A replacement takes the place of the item's old file (media-swap.ts).
 */
async function finish(ctx: Ctx, t: Target, done: Converted) {
  const { media } = t;
  const fileName = done.file ? randomFileName('mp4') : t.fileName;
  const posterFileName = done.poster ? randomFileName('webp') : t.posterFileName;
  const { width, height } = displaySize(done.probe);
  const next: NewFile = {
    fileName, mime: 'video/mp4', sizeBytes: BigInt(done.size), width, height, durationSec: done.probe.durationSec, sha256: done.sha256, posterFileName,
  };
  /** Stored before the row points at them (a bucket's upload may outlast a transaction); removed when it cannot. */
  const stored: string[] = [];
  let swapped: Swapped | null = null;
  let written = false;
  try {
    const put = async (temp: string, name: string) => {
      stored.push(storageKey.upload(name));
      await ctx.storage.putFile(storageKey.upload(name), temp);
    };
    if (done.file) await put(done.file, fileName);
    if (done.poster && posterFileName) await put(done.poster, posterFileName);
    if (t.replacement) {
      swapped = await ctx.db.$transaction(async (tx) => {
        const s = await swapFile(tx, media, next, ctx.clock(), t.where);
        if (s) await auditOutcome(tx, t, 'media.process', { replacement: ['processing', 'ready'], mime: [media.mime, next.mime], sizeBytes: [media.sizeBytes, next.sizeBytes] });
        return s;
      });
      written = swapped !== null;
    } else {
      written = await ctx.db.$transaction(async (tx) => {
        const { count } = await tx.media.updateMany({ where: { ...t.where, id: media.id }, data: { ...next, status: 'ready', progress: 100, error: null } });
        if (count > 0) await auditOutcome(tx, t, 'media.process', { status: [media.status, 'ready'], sizeBytes: [media.sizeBytes, next.sizeBytes] });
        return count > 0; // none: deleted while it was converted
      });
    }
  } finally {
    if (!written) {
      await removeQuietly(done.file);
      await removeQuietly(done.poster);
      for (const key of stored) await ctx.storage.remove(key).catch(() => {});
    }
  }
  if (!written) return;
  await announce(ctx, media.ownerId, 'media.ready', hookData(t));
  // The converted file took the place of the one it was made from, which goes with the old files.
  if (swapped) return afterSwap(ctx, swapped);
  if (done.file) {
    await ctx.storage.remove(storageKey.upload(t.fileName))
      .catch((err: unknown) => ctx.logger.warn({ err, fileName: t.fileName }, 'a converted video\'s original could not be removed'));
  }
  ctx.notifier.mediaProgress(media.ownerId, eventOf(t, 'ready', 100, null));
  const screenIds = await screensShowingMedia(ctx.db, media.ownerId, [media.id], ctx.clock());
  if (screenIds.length) await ctx.notifier.screensChanged(screenIds);
}

/**
 * The job's outcome, in the transaction of its write: the server's own work (the system actor),
 * in the item's account (docs/architecture/audit.md#events).
 */
const auditOutcome = (tx: Prisma.TransactionClient, t: Target, action: 'media.process' | 'media.processFail', changes: Record<string, [unknown, unknown]>) =>
  audit(tx, { account: t.media.ownerId, action, target: mediaTarget(t.media), changes });

/**
 * 'failed' with the reason; the stored bytes go, so the storage limit counts nothing of it. A
 * failed replacement leaves the item's own file as it was: only the reason stays, for the card.
 */
async function fail(ctx: Ctx, t: Target, error: string) {
  const count = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.media.updateMany({
      where: { ...t.where, id: t.media.id },
      data: t.replacement
        ? { ...NO_REPLACEMENT, replacementStatus: 'failed', replacementProgress: 0, replacementError: error }
        : { status: 'failed', progress: 0, error, fileName: null, posterFileName: null, sizeBytes: 0n },
    });
    if (count > 0) {
      await auditOutcome(tx, t, 'media.processFail', t.replacement
        ? { replacement: ['processing', 'failed'], error: [null, error] }
        : { status: [t.media.status, 'failed'], error: [null, error], sizeBytes: [t.media.sizeBytes, 0n] });
    }
    return count;
  });
  if (count === 0) return;
  for (const name of [t.fileName, t.posterFileName]) {
    if (name) await ctx.storage.remove(storageKey.upload(name));
  }
  ctx.notifier.mediaProgress(t.media.ownerId, eventOf(t, 'failed', 0, error));
  await announce(ctx, t.media.ownerId, 'media.failed', { ...hookData(t), error });
}

const hookData = (t: Target) => ({ media: mediaHookData(t.media), replacement: t.replacement });
