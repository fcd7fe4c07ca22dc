import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TUS_CHUNK_BYTES } from '@pano/contract/constants';
import { ffmpegArgs, planVideo } from '../../../server/src/modules/media/video-plan.js';
import { moovBeforeMdat, probeVideo, type VideoProbe } from '../../../server/src/storage/video-tools.js';
import { startChild, type Child } from '../lib/children.js';
import { ffprobePath, ffmpegPath, hevcClip, playableClip } from '../lib/clips.js';
import type { Counts } from '../lib/modes.js';
import { ratioOf, type FigureRow } from '../lib/result.js';
import { round } from '../lib/stats.js';
import { seedFleet } from '../fixtures/bench-db.js';
import type { ProxyStats } from '../procs/capped-proxy.js';
import { makeDataDir, startPano } from './fleet.js';
import { MediaWatch } from './media-watch.js';
import { startProxy } from './resumable-upload.js';
import { tusUpload } from './upload.js';

const MB = 1024 * 1024;
/** The job's ffmpeg niceness (FFMPEG_NICENESS's default, server/src/config/env.ts). */
const JOB_NICENESS = 10;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/**
 * ffmpeg with `args` at `niceness`, as the job runs it; its wall time and CPU time (read from /proc
 * every 100 ms while it runs: the CPU time tells what the conversion costs whatever else the cores do).
 */
function timedFfmpeg(args: string[], niceness: number): Promise<{ seconds: number; cpuSeconds: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (niceness && child.pid !== undefined) os.setPriority(child.pid, niceness);
    let cpuSeconds = 0;
    const timer = setInterval(() => { try { cpuSeconds = cpuSecondsOf(child.pid!); } catch { /* just exited */ } }, 100);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr = (stderr + d).slice(-2000); });
    child.once('error', reject);
    child.once('close', (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`ffmpeg failed (${code}): ${stderr}`));
      resolve({ seconds: (performance.now() - t0) / 1000, cpuSeconds });
    });
  });
}
/** How long a conversion may take before the figure gives up (a 20 s clip takes well under a minute). */
const READY_TIMEOUT_MS = 15 * 60_000;

type Ready = {
  /** Shared clock: the last byte of the final PATCH forwarded to the API, its answer, ready (answer or socket). */
  lastByteAt: number; answeredAt: number; readyAt: number;
  seconds: number; mbps: number; durationSeconds: number | null; mime: string; size: number;
};

/** The file as the API will read it; throws unless its plan is `want` (the figure would measure something else). */
async function checkedProbe(file: string, want: 'keep' | 'transcode'): Promise<VideoProbe & { bytes: number }> {
  const probe = await probeVideo(ffprobePath, file);
  if (!probe) throw new Error(`ffprobe cannot read ${path.basename(file)}`);
  const plan = planVideo(probe, true, await moovBeforeMdat(file));
  if (plan !== want) throw new Error(`${path.basename(file)} would be planned '${plan}', not '${want}'`);
  return { ...probe, bytes: (await stat(file)).size };
}

/**
 * One tus upload through the proxy (no cuts: it only notes when the last byte went to the API),
 * then until the media is ready, as the customer's dashboard sees it; deleted afterwards.
 */
async function uploadToReady(tus: Child, proxy: { child: Child; url: string }, watch: MediaWatch, token: string, file: string, name: string): Promise<Ready> {
  await proxy.child.call('arm', { cuts: [] });
  const size = (await stat(file)).size;
  const upload = await tusUpload(tus, {
    endpoint: `${proxy.url}/api/uploads`, token, name, filename: path.basename(file), source: { path: file }, chunkSize: TUS_CHUNK_BYTES,
  });
  const stats = await proxy.child.call<ProxyStats>('stats');
  const lastPatch = stats.bodyEnds.filter((e) => e.method === 'PATCH').at(-1);
  if (!lastPatch) throw new Error('the proxy saw no PATCH');
  const end = await watch.settled(upload.mediaId, upload.answeredAt, READY_TIMEOUT_MS);
  if (end.status !== 'ready') throw new Error(`${name} ended ${end.status}: ${end.error}`);
  await watch.remove(upload.mediaId);
  const seconds = (upload.answeredAt - upload.startedAt) / 1000;
  return {
    lastByteAt: lastPatch.at, answeredAt: upload.answeredAt, readyAt: end.at, seconds, mbps: size / MB / seconds,
    durationSeconds: end.row.durationSeconds, mime: end.row.mimeType, size: end.row.size,
  };
}

/**
 * P17 (issue #24): upload-to-ready of a playable 1080p H.264 MP4 (kept as it is: hashed, probed,
 * its poster taken), and the conversion speed of a 1080p30 HEVC clip (the `media.process` job,
 * in the API process as the embedded mode runs it), against ffmpeg run here alone with the very
 * arguments and priority the job uses.
 */
export async function mediaReadyFigures(c: Counts, log: (m: string) => void): Promise<FigureRow[]> {
  const playable = await playableClip(c.readyMb, log);
  const hevc = await hevcClip(c.hevcSeconds, log);
  const keep = await checkedProbe(playable, 'keep');
  const convert = await checkedProbe(hevc, 'transcode');
  const data = await makeDataDir();
  const tus = await startChild('tus-client');
  const pano = await startPano(data.dir);
  let watch: MediaWatch | undefined;
  let proxy: { child: Child; url: string } | undefined;
  try {
    const fleet = await seedFleet({ screens: 1, items: 1, uploadsDir: data.uploads, storageGb: Math.ceil((c.readyMb * 2) / 1024) + 2 });
    proxy = await startProxy(pano.url);
    watch = await MediaWatch.open(pano.url, fleet.userToken);
    const loads: number[] = [os.loadavg()[0]!];

    log(`P17: ${round(keep.bytes / MB)} MB playable H.264 through tus, until ready`);
    const h264 = await uploadToReady(tus, proxy, watch, fleet.userToken, playable, 'Bench 1080p H.264');
    loads.push(os.loadavg()[0]!);
    log(`P17: ${c.hevcSeconds} s 1080p30 HEVC through tus, until converted`);
    const h265 = await uploadToReady(tus, proxy, watch, fleet.userToken, hevc, 'Bench 1080p HEVC');
    loads.push(os.loadavg()[0]!);
    log('P17: the same conversion by ffmpeg alone');
    const out = path.join(data.dir, 'baseline.mp4');
    const niced = await timedFfmpeg(ffmpegArgs('transcode', convert, hevc, out), JOB_NICENESS);
    loads.push(os.loadavg()[0]!);
    // For the reading only: how much of it is the job's low priority when the machine is busy.
    log('P17: the same conversion by ffmpeg alone, at normal priority');
    const plain = await timedFfmpeg(ffmpegArgs('transcode', convert, hevc, out), 0);
    loads.push(os.loadavg()[0]!);
    const bareSeconds = niced.seconds;

    const duration = convert.durationSec ?? c.hevcSeconds;
    const toReady = (h265.readyAt - h265.lastByteAt) / 1000;
    const speed = duration / toReady;
    const bareSpeed = duration / bareSeconds;
    const readyAfter = (h264.readyAt - h264.lastByteAt) / 1000;
    const s = (v: number) => `${round(v, 2)} s`;
    const load = `1-minute load average ${loads.map((l) => round(l, 1)).join(' → ')} on ${os.cpus().length} cores (before, after each upload, after each baseline)`;
    const via = `tus-js-client (${TUS_CHUNK_BYTES / MB} MB chunks) through the 100 MB-capped proxy (no cuts), which notes when it forwarded the final PATCH's last byte; ready = the final PATCH's answer when the list then says ready, else the dashboard socket's media:progress`;
    const facts = (p: VideoProbe & { bytes: number }) => `${round(p.bytes / MB, 1)} MB, ${p.videoCodec} ${p.width}×${p.height} ${round(p.frameRate ?? 0, 2)} fps ${p.pixelFormat}, ${round(p.durationSec ?? 0, 1)} s, ${round((p.bitRate ?? 0) / 1e6, 1)} Mbit/s, audio ${p.audioCodec ?? 'none'}`;
    return [
      {
        id: 'P17', figure: `upload-to-ready, ${round(keep.bytes / MB)} MB playable 1080p H.264 MP4`,
        value: `${s(readyAfter)} after the last byte`, baseline: '—', ratio: null, goal: '≤ 10 s', pass: readyAfter <= 10,
        note: `${facts(keep)} (ffmpeg testsrc2 + noise, x264, faststart; planned 'keep'); ${via}; the final PATCH answered ${s((h264.answeredAt - h264.lastByteAt) / 1000)} after its last byte `
          + `(the whole file hashed, sniffed, probed, its poster taken, the row written), ready ${s((h264.readyAt - h264.answeredAt) / 1000)} after the answer; `
          + `stored ${h264.mime}, ${round(h264.size / MB, 1)} MB, ${h264.durationSeconds} s; upload ${round(h264.mbps)} MB/s (${s(h264.seconds)}); ${load}`,
      },
      {
        id: 'P17', figure: `transcoding speed, ${round(duration, 1)} s 1080p30 HEVC clip`,
        value: `${round(speed, 2)}× real time (ready ${s(toReady)} after the last byte)`, baseline: `ffmpeg alone ${round(bareSpeed, 2)}× (${s(bareSeconds)})`,
        ratio: ratioOf(speed, bareSpeed), goal: '≥ 1× real time', pass: speed >= 1,
        note: `${facts(convert)} (x265 ultrafast, hvc1, faststart; planned 'transcode'); ${via}; the final PATCH answered ${s((h265.answeredAt - h265.lastByteAt) / 1000)} after its last byte (probe, poster), `
          + `then the media.process job (in the API process, WORKERS=0 without Redis) converted it in ${s((h265.readyAt - h265.answeredAt) / 1000)}; `
          + `stored ${h265.mime}, ${round(h265.size / MB, 1)} MB, ${h265.durationSeconds} s; baseline: the same ffmpeg arguments (video-plan.ts ffmpegArgs: libx264 superfast, crf 23, maxrate 8M) `
          + `and niceness (10) run by the bench alone, right after; the same at normal priority (niceness 0) ${round(duration / plain.seconds, 2)}× (${s(plain.seconds)}); `
          + `CPU time of the conversion alone ${s(niced.cpuSeconds)} and ${s(plain.cpuSeconds)} (user + system): ${round(niced.cpuSeconds / duration, 2)} and ${round(plain.cpuSeconds / duration, 2)} core-seconds per second of video, `
          + `so real time needs that many cores free; ${load}`,
      },
    ];
  } finally {
    watch?.close();
    await proxy?.child.kill();
    await pano.child.kill();
    await tus.kill();
    await data.remove();
  }
}
