import { spawn } from 'node:child_process';
import os from 'node:os';
import { open } from 'node:fs/promises';

/*
 * ffprobe and ffmpeg, run as child processes on files on disk (docs/architecture/media-processing.md).
 * The binaries come from the config (FFMPEG_PATH/FFPROBE_PATH, else the npm packages' own).
 */

/** What processing needs to know of a video, as ffprobe reads it. */
export type VideoProbe = {
  /** ffprobe's container names, e.g. 'mov,mp4,m4a,3gp,3g2,mj2' or 'matroska,webm'. */
  container: string;
  videoCodec: string;
  /** e.g. 'yuv420p'; a 10-bit or 4:4:4 H.264 does not play on every player. */
  pixelFormat: string | null;
  audioCodec: string | null;
  /** Coded size, before rotation. */
  width: number;
  height: number;
  /** Clockwise degrees a player turns the picture (0, 90, 180, 270). */
  rotation: number;
  frameRate: number | null;
  durationSec: number | null;
  /** Bits per second of the whole file. */
  bitRate: number | null;
};

type ProbeJson = {
  format?: { format_name?: string; duration?: string; bit_rate?: string };
  streams?: {
    codec_type?: string; codec_name?: string; pix_fmt?: string; width?: number; height?: number;
    avg_frame_rate?: string; r_frame_rate?: string; duration?: string;
    tags?: { rotate?: string }; side_data_list?: { rotation?: number }[];
  }[];
};

const num = (s: string | undefined) => {
  const n = Number(s);
  return s !== undefined && Number.isFinite(n) ? n : null;
};

const rate = (s: string | undefined) => {
  const [a, b] = (s ?? '').split('/').map(Number);
  return a && b ? a / b : null;
};

/** ffprobe's JSON of one file; null when it reads no video stream in it (not a video, or broken). */
export async function probeVideo(ffprobePath: string, file: string): Promise<VideoProbe | null> {
  const run = await runTool(ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  if (run.code !== 0) return null;
  let json: ProbeJson;
  try {
    json = JSON.parse(run.stdout) as ProbeJson;
  } catch {
    return null;
  }
  const video = json.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video?.codec_name || !video.width || !video.height) return null;
  const audio = json.streams?.find((s) => s.codec_type === 'audio');
  // Older files say it in a tag, newer ffprobe in the display matrix (counter-clockwise, negative).
  const matrix = video.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const turn = matrix !== undefined ? -matrix : (num(video.tags?.rotate) ?? 0);
  return {
    container: json.format?.format_name ?? '',
    videoCodec: video.codec_name,
    pixelFormat: video.pix_fmt ?? null,
    audioCodec: audio?.codec_name ?? null,
    width: video.width,
    height: video.height,
    rotation: ((Math.round(turn / 90) * 90) % 360 + 360) % 360,
    frameRate: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    durationSec: num(json.format?.duration) ?? num(video.duration),
    bitRate: num(json.format?.bit_rate),
  };
}

/** The picture's size as shown: a phone's portrait video is stored landscape with a 90° turn. */
export const displaySize = (p: VideoProbe) => (p.rotation % 180 === 0 ? { width: p.width, height: p.height } : { width: p.height, height: p.width });

/**
 * Whether an ISO-BMFF file (MP4, MOV) has its index (`moov`) before its media data (`mdat`), so a
 * player can start before the whole file is there. Reads only the top-level box headers.
 */
export async function moovBeforeMdat(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(16);
    let at = 0;
    while (at + 8 <= size) {
      const { bytesRead } = await fh.read(head, 0, 16, at);
      if (bytesRead < 8) return false;
      const type = head.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      let boxSize = head.readUInt32BE(0);
      if (boxSize === 1 && bytesRead >= 16) boxSize = Number(head.readBigUInt64BE(8));
      if (boxSize < 8) return false; // 0: runs to the end of the file, with no moov before it
      at += boxSize;
    }
    return false;
  } finally {
    await fh.close();
  }
}

/**
 * Runs ffmpeg with `args` (inputs and outputs) at the configured niceness: a conversion takes
 * every core for as long as it runs, and the API and its players must not wait behind it
 * (docs/architecture/media-processing.md). With `durationSec` it reports how far it got (0-1)
 * from `-progress`. Rejects with ffmpeg's last lines of stderr when it fails.
 */
export async function runFfmpeg(ffmpeg: { ffmpegPath: string; ffmpegNiceness: number }, args: string[], o: { durationSec?: number | null; onProgress?: (share: number) => void } = {}): Promise<void> {
  const run = await runTool(ffmpeg.ffmpegPath, ['-hide_banner', '-nostdin', '-y', '-progress', 'pipe:1', '-nostats', ...args], { nice: ffmpeg.ffmpegNiceness }, (line) => {
    const m = /^out_time_(?:ms|us)=(\d+)/.exec(line);
    if (m && o.durationSec && o.onProgress) o.onProgress(Math.min(1, Number(m[1]) / 1e6 / o.durationSec));
  });
  if (run.code !== 0) throw new Error(`ffmpeg failed (${run.code}): ${run.stderr.slice(-500)}`);
}

/** Runs a binary to its end; stdout whole (ffprobe's JSON) and per line, stderr's tail. */
function runTool(
  bin: string, args: string[], o: { nice?: number } = {}, onLine?: (line: string) => void,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (o.nice && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, o.nice);
      } catch {
        // Not allowed here (some containers): it runs at the server's own priority.
      }
    }
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!onLine) return void (stdout += chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line.trim());
    });
    // Only the tail matters (the error); a long conversion writes a lot.
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr = (stderr + chunk).slice(-4000); });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
