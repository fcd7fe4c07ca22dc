import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundledBinary } from '../../../server/src/config/media-tools.js';

/*
 * The video files the upload figures send (P7, P16, P17), made by the ffmpeg the API itself runs
 * (FFMPEG_PATH, else the npm package's binary: server/src/config/media-tools.ts) and kept in
 * bench/.tmp/clips (ignored by git): a name says everything the file was made with, so a changed
 * recipe makes a new file and a second run makes none.
 */

const exec = promisify(execFile);
const clipsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/clips');

/** The ffmpeg and ffprobe the API runs (server/src/config/env.ts reads the same variables). */
export const ffmpegPath = process.env.FFMPEG_PATH ?? bundledBinary('ffmpeg');
export const ffprobePath = process.env.FFPROBE_PATH ?? bundledBinary('ffprobe');

/** Makes `name` in the clips folder with ffmpeg's `args` (output last) unless it is there already. */
async function cached(name: string, args: string[], log?: (m: string) => void): Promise<string> {
  const file = path.join(clipsDir, name);
  if (existsSync(file)) return file;
  await mkdir(clipsDir, { recursive: true });
  log?.(`making ${name} with ffmpeg (kept in bench/.tmp/clips)`);
  const partial = `${file}.partial.${path.extname(name).slice(1)}`;
  try {
    await exec(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args, partial], { maxBuffer: 16 * 1024 * 1024 });
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return file;
}

/**
 * 2 s of 320 × 240 H.264, index first, no sound (a few KB): the head of P7's and P16's filler
 * uploads (filler-mp4.ts), so the API reads a real video and takes its poster.
 */
export const tinyClip = () => cached('tiny-h264-320x240-2s.mp4', [
  '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30:duration=2',
  '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-f', 'mp4',
]);

/** The video bit rate of P17's playable file: under the 20 Mbit/s a file may have and still be kept as it is. */
const PLAYABLE_VIDEO_BPS = 16_000_000;
const PLAYABLE_AUDIO_BPS = 128_000;

/** Seconds of P17's playable file that are encoded; the rest repeats them (a stream copy takes no time). */
const PLAYABLE_SEGMENT_SECONDS = 8;

/**
 * P17's playable file of about `mb` MB: 1080p30 H.264 (High, 4:2:0) at 16 Mbit/s with AAC sound,
 * index first, so the API keeps it as it is (video-plan.ts). The picture is ffmpeg's test pattern
 * under moving noise, which a camera's grain resembles and which keeps the encoder at its rate;
 * 8 s of it are encoded and repeated by a stream copy up to the length the size needs (encoding
 * all of it took over 20 minutes on the busy 2-core machine).
 */
export const playableClip = async (mb: number, log?: (m: string) => void) => {
  const segment = await cached(`playable-h264-1080p30-${PLAYABLE_SEGMENT_SECONDS}s-16M.mp4`, [
    '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${PLAYABLE_SEGMENT_SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${PLAYABLE_SEGMENT_SECONDS}`,
    '-vf', 'noise=alls=16:allf=t',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-g', '60',
    '-b:v', String(PLAYABLE_VIDEO_BPS), '-maxrate', String(PLAYABLE_VIDEO_BPS), '-bufsize', String(2 * PLAYABLE_VIDEO_BPS),
    '-c:a', 'aac', '-b:a', String(PLAYABLE_AUDIO_BPS), '-movflags', '+faststart', '-f', 'mp4',
  ], log);
  // The encoder overshoots its rate a little: the length comes from the segment's real size.
  const seconds = Math.max(1, Math.round((mb * 1024 * 1024 * PLAYABLE_SEGMENT_SECONDS) / (await stat(segment)).size));
  return cached(`playable-h264-1080p30-${seconds}s-16M.mp4`, [
    '-stream_loop', '-1', '-i', segment, '-t', String(seconds), '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4',
  ], log);
};

/**
 * P17's clip to convert: `seconds` of 1080p30 HEVC (x265, 4:2:0, 10 Mbit/s, a phone's rate) with
 * AAC sound in an MP4, as an iPhone's video is; the same noisy test pattern.
 */
export const hevcClip = (seconds: number, log?: (m: string) => void) => cached(`hevc-1080p30-${seconds}s-10M.mp4`, [
  '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`,
  '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
  '-vf', 'noise=alls=16:allf=t',
  '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1',
  '-b:v', '10M', '-maxrate', '10M', '-bufsize', '20M',
  '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4',
], log);
