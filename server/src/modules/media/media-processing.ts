import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import type { Media } from '../../db/generated/client.js';
import { storageKey } from '../../storage/file-storage.js';
import { randomFileName, removeQuietly } from '../../storage/stored-files.js';
import { incomingDir, incomingFileName } from '../../storage/sweep-incoming.js';
import { displaySize, moovBeforeMdat, probeVideo, runFfmpeg, type VideoProbe } from '../../storage/video-tools.js';
import { screensShowingMedia } from './media-screens.js';
import { makePoster, sha256Of, UNREADABLE_VIDEO } from './prepare-upload.js';
import { ffmpegArgs, planVideo, type VideoPlan } from './video-plan.js';

/*
 * The `media.process` job (docs/architecture/media-processing.md): a video the upload answered
 * 'processing' is remuxed or transcoded to an MP4 every player plays. The original stays until
 * the new file is in place; then the row points at the new file (name, type, size, length,
 * hash), the original is removed and the screens holding it are pushed. A file ffmpeg cannot
 * convert ends 'failed' with a Turkish reason, its files removed and its size 0, so nothing
 * of it counts against the storage limit; the row stays so the card can say why.
 */

export const CONVERT_FAILED = 'Video dönüştürülemedi: dosya bozuk ya da desteklenmeyen bir biçimde. Lütfen başka bir dosya yükleyin.';

/** Progress is written and sent at most this often: a dashboard needs no more, the database no more load. */
const PROGRESS_EVERY_MS = 1000;

type Ctx = Pick<AppContext, 'db' | 'config' | 'logger' | 'notifier' | 'jobs' | 'clock' | 'storage'>;

const jobKey = (mediaId: string) => `media.process:${mediaId}`;

/** After the upload's commit. A job that cannot be queued is logged; `media.repair` queues it later. */
export async function queueProcessing(ctx: Pick<AppContext, 'jobs' | 'logger'>, mediaId: string): Promise<void> {
  await ctx.jobs.enqueue('media.process', { mediaId }, { key: jobKey(mediaId) })
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
  const rows = await ctx.db.media.findMany({ where: { status: 'processing' }, select: { id: true }, orderBy: { id: 'asc' } });
  const now = ctx.clock();
  return ctx.jobs.ensureScheduled(rows.filter((r) => !converting.has(r.id))
    .map((r) => ({ name: 'media.process', payload: { mediaId: r.id }, key: jobKey(r.id), runAt: now })));
}

export async function processMedia(ctx: Ctx, mediaId: string): Promise<void> {
  if (converting.has(mediaId)) return;
  converting.add(mediaId);
  try {
    await processOne(ctx, mediaId);
  } finally {
    converting.delete(mediaId);
  }
}

async function processOne(ctx: Ctx, mediaId: string): Promise<void> {
  const media = await ctx.db.media.findUnique({ where: { id: mediaId } });
  // Deleted meanwhile, or already done by an earlier run of a repeated job.
  if (!media?.fileName || media.status !== 'processing') return;
  // A bucket's file is read from a temp copy (storage.withLocalFile), so any instance converts it.
  const done = await ctx.storage.withLocalFile(storageKey.upload(media.fileName), (source) => convertFrom(ctx, media, source));
  if (!done) return fail(ctx, media, UNREADABLE_VIDEO);
  if ('error' in done) return fail(ctx, media, done.error);
  await finish(ctx, media, done);
}

/** The converted file and its poster in the temp folder (none: the original plays as it is), or why not. */
async function convertFrom(ctx: Ctx, media: Media, source: string): Promise<Converted | { error: string }> {
  const probe = await probeVideo(ctx.config.ffprobePath, source);
  if (!probe) return { error: UNREADABLE_VIDEO };
  const isMp4 = media.mime === 'video/mp4';
  const plan = planVideo(probe, isMp4, isMp4 && await moovBeforeMdat(source));
  if (plan === 'keep') return withPoster(ctx, media, { file: undefined, probe, size: Number(media.sizeBytes), sha256: media.sha256 ?? await sha256Of(source) }, source);
  const out = path.join(incomingDir(ctx.config.uploadsDir), `${incomingFileName()}.mp4`);
  try {
    await mkdir(path.dirname(out), { recursive: true });
    await convert(ctx, media, plan, probe, source, out);
  } catch (err) {
    await removeQuietly(out);
    ctx.logger.warn({ err, mediaId: media.id }, 'a video could not be converted');
    return { error: CONVERT_FAILED };
  }
  const result = await probeVideo(ctx.config.ffprobePath, out);
  if (!result) {
    await removeQuietly(out);
    return { error: CONVERT_FAILED };
  }
  return withPoster(ctx, media, { file: out, probe: result, size: (await stat(out)).size, sha256: await sha256Of(out) }, out);
}

type Converted = { file: string | undefined; probe: VideoProbe; size: number; sha256: string; poster: string | undefined };

async function withPoster(ctx: Ctx, media: Media, c: Omit<Converted, 'poster'>, video: string): Promise<Converted> {
  return { ...c, poster: media.posterFileName ? undefined : await makePoster(ctx, video, c.probe) };
}

/**
 * Runs ffmpeg, telling the owner's dashboards how far it got. A stream copy that ffmpeg
 * refuses (timestamps an MP4 cannot hold, from some AVI and MKV files) is transcoded instead.
 */
async function convert(ctx: Ctx, media: Media, plan: Exclude<VideoPlan, 'keep'>, probe: VideoProbe, source: string, out: string) {
  let told = 0;
  let last = 0;
  const onProgress = (share: number) => {
    const progress = Math.min(99, Math.floor(share * 100));
    const now = Date.now();
    if (progress <= last || now - told < PROGRESS_EVERY_MS) return;
    told = now;
    last = progress;
    void ctx.db.media.updateMany({ where: { id: media.id, status: 'processing' }, data: { progress } })
      .then(() => ctx.notifier.mediaProgress(media.ownerId, { mediaId: media.id, status: 'processing', progress, error: null }))
      .catch((err: unknown) => ctx.logger.warn({ err, mediaId: media.id }, 'processing progress could not be saved'));
  };
  const run = (p: Exclude<VideoPlan, 'keep'>) => runFfmpeg(ctx.config.ffmpegPath, ffmpegArgs(p, probe, source, out), { durationSec: probe.durationSec, onProgress });
  try {
    await run(plan);
  } catch (err) {
    if (plan === 'transcode') throw err;
    ctx.logger.info({ err, mediaId: media.id, plan }, 'a stream copy failed; transcoding instead');
    await removeQuietly(out);
    await run('transcode');
  }
}

/** The new file (or none: the original plays as it is) takes the original's place; the screens holding it are pushed. */
async function finish(ctx: Ctx, media: Media, done: Converted) {
  const fileName = done.file ? randomFileName('mp4') : media.fileName!;
  const posterFileName = done.poster ? randomFileName('webp') : media.posterFileName;
  const { width, height } = displaySize(done.probe);
  /** Stored before the row points at them (a bucket's upload may outlast a transaction); removed when it cannot. */
  const stored: string[] = [];
  let written = false;
  try {
    const put = async (temp: string, name: string) => {
      stored.push(storageKey.upload(name));
      await ctx.storage.putFile(storageKey.upload(name), temp);
    };
    if (done.file) await put(done.file, fileName);
    if (done.poster && posterFileName) await put(done.poster, posterFileName);
    const { count } = await ctx.db.media.updateMany({
      where: { id: media.id, status: 'processing' },
      data: {
        fileName, mime: 'video/mp4', sizeBytes: BigInt(done.size), width, height, durationSec: done.probe.durationSec, sha256: done.sha256,
        posterFileName, status: 'ready', progress: 100, error: null,
      },
    });
    written = count > 0; // none: deleted while it was converted
  } finally {
    if (!written) {
      await removeQuietly(done.file);
      await removeQuietly(done.poster);
      for (const key of stored) await ctx.storage.remove(key).catch(() => {});
    }
  }
  if (!written) return;
  if (done.file) await ctx.storage.remove(storageKey.upload(media.fileName!));
  ctx.notifier.mediaProgress(media.ownerId, { mediaId: media.id, status: 'ready', progress: 100, error: null });
  const screenIds = await screensShowingMedia(ctx.db, media.ownerId, [media.id]);
  if (screenIds.length) await ctx.notifier.screensChanged(screenIds);
}

/** 'failed' with the reason; the stored bytes go, so the storage limit counts nothing of it. */
async function fail(ctx: Ctx, media: Media, error: string) {
  const { count } = await ctx.db.media.updateMany({
    where: { id: media.id, status: 'processing' },
    data: { status: 'failed', progress: 0, error, fileName: null, posterFileName: null, sizeBytes: 0n },
  });
  if (count === 0) return;
  for (const name of [media.fileName, media.posterFileName]) {
    if (name) await ctx.storage.remove(storageKey.upload(name));
  }
  ctx.notifier.mediaProgress(media.ownerId, { mediaId: media.id, status: 'failed', progress: 0, error });
}
