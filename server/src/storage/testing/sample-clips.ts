import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundledBinary } from '../../config/media-tools.js';
import { runFfmpeg } from '../video-tools.js';

/**
 * Small real videos for processing tests, made by the ffmpeg the server runs from its own test
 * pattern (lavfi testsrc and a sine tone): 2 s, 320×240, a few tens of KB. Each kind is made once
 * per test process.
 */
export type ClipKind = 'playable' | 'no-faststart' | 'hevc' | 'mkv' | 'mov' | 'm4v' | 'webm' | 'portrait-rotated';

const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const AAC = ['-c:a', 'aac', '-b:a', '64k'];
const ARGS: Record<ClipKind, string[]> = {
  'playable': [...H264, ...AAC, '-movflags', '+faststart', '-f', 'mp4'],
  // ffmpeg's MP4 muxer writes the index after the media data unless told +faststart.
  'no-faststart': [...H264, ...AAC, '-f', 'mp4'],
  'hevc': ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', ...AAC, '-f', 'mp4'],
  'mkv': [...H264, ...AAC, '-f', 'matroska'],
  // Brands 'qt  ' and 'M4V ': remuxed to MP4.
  'mov': [...H264, ...AAC, '-f', 'mov'],
  'm4v': [...H264, ...AAC, '-f', 'ipod'],
  'webm': ['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libvorbis', '-f', 'webm'],
  // Stored landscape, shown portrait (a phone's video): the turn is set on a stream copy below.
  'portrait-rotated': [...H264, ...AAC, '-movflags', '+faststart', '-f', 'mp4'],
};

let dir: Promise<string> | undefined;
const made = new Map<string, Promise<Buffer>>();

/** Every clip's length. */
export const CLIP_SECONDS = 2;

/** The bundled ffmpeg, at the tests' own priority. */
const FFMPEG = { ffmpegPath: bundledBinary('ffmpeg'), ffmpegNiceness: 0 };

/** A clip of `kind`, `seconds` long (CLIP_SECONDS unless a test needs another length). */
export function sampleClip(kind: ClipKind, seconds = CLIP_SECONDS): Promise<Buffer> {
  const name = seconds === CLIP_SECONDS ? kind : `${kind}-${seconds}s`;
  let clip = made.get(name);
  if (!clip) {
    clip = (async () => {
      dir ??= mkdtemp(path.join(os.tmpdir(), 'pano-clips-'));
      const out = path.join(await dir, name);
      await runFfmpeg(FFMPEG, [
        '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${seconds}`,
        '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
        '-shortest', ...ARGS[kind], out,
      ]);
      if (kind !== 'portrait-rotated') return readFile(out);
      // ffmpeg's encoder drops a rotate tag; a stream copy writes it into the display matrix.
      await runFfmpeg(FFMPEG, ['-i', out, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-movflags', '+faststart', '-f', 'mp4', `${out}.mp4`]);
      return readFile(`${out}.mp4`);
    })();
    made.set(name, clip);
  }
  return clip;
}

/**
 * The HEVC clip with its media data zeroed: its index is intact, so ffprobe reads a video, but
 * no frame decodes, so ffmpeg cannot convert it.
 */
export async function undecodableClip(): Promise<Buffer> {
  const clip = Buffer.from(await sampleClip('hevc'));
  const at = clip.indexOf('mdat', 0, 'latin1');
  const size = clip.readUInt32BE(at - 4);
  clip.fill(0, at + 4, at - 4 + size);
  return clip;
}
