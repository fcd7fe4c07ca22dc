import { displaySize, type VideoProbe } from '../../storage/video-tools.js';

/*
 * What a video needs before every player plays it (docs/architecture/media-processing.md).
 * Players (browsers, TV sticks) all decode H.264 (8-bit 4:2:0) up to 1080p with AAC, from an
 * MP4 whose index comes first; anything else is converted once, here, instead of failing on
 * some screens.
 */

/** keep: byte-identical; remux: same streams, new MP4 with the index first; audio: the picture copied, the sound to AAC; transcode: both. */
export type VideoPlan = 'keep' | 'remux' | 'audio' | 'transcode';

export const MAX_LONG_SIDE = 1920;
export const MAX_SHORT_SIDE = 1080;
export const MAX_BIT_RATE = 20_000_000;
/** What a transcode aims for: well under the cap, good for 1080p signage. */
const TARGET_MAX_RATE = '8M';

const PLAYABLE_PIXELS = new Set(['yuv420p', 'yuvj420p']);

/** Whether the picture itself plays everywhere (codec, pixel format, size, rate). */
function videoPlays(p: VideoProbe): boolean {
  const { width, height } = displaySize(p);
  return p.videoCodec === 'h264'
    && (p.pixelFormat === null || PLAYABLE_PIXELS.has(p.pixelFormat))
    && Math.max(width, height) <= MAX_LONG_SIDE && Math.min(width, height) <= MAX_SHORT_SIDE
    && (p.bitRate === null || p.bitRate <= MAX_BIT_RATE);
}

/**
 * `isMp4`: the upload was sniffed as MP4 (not MOV, MKV, WebM...); `indexFirst`: its `moov`
 * comes before its `mdat` (video-tools.ts moovBeforeMdat).
 */
export function planVideo(p: VideoProbe, isMp4: boolean, indexFirst: boolean): VideoPlan {
  if (!videoPlays(p)) return 'transcode';
  if (p.audioCodec !== null && p.audioCodec !== 'aac') return 'audio';
  if (isMp4 && indexFirst) return 'keep';
  return 'remux';
}

/** The box a transcode fits into: 1920×1080, turned for a portrait video. */
const box = (p: VideoProbe) => {
  const { width, height } = displaySize(p);
  return height > width ? { w: MAX_SHORT_SIDE, h: MAX_LONG_SIDE } : { w: MAX_LONG_SIDE, h: MAX_SHORT_SIDE };
};

/** ffmpeg's arguments from `input` to an MP4 at `output`, with its index first. */
export function ffmpegArgs(plan: Exclude<VideoPlan, 'keep'>, p: VideoProbe, input: string, output: string): string[] {
  const maps = ['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'];
  const aac = ['-c:a', 'aac', '-b:a', '160k', '-ac', '2'];
  const { w, h } = box(p);
  const codecs = plan === 'remux' ? ['-c', 'copy']
    : plan === 'audio' ? ['-c:v', 'copy', ...aac]
      : [
        // ffmpeg turns the picture upright from the rotation before the filters, then fits it in the box (even sides for 4:2:0).
        '-vf', `scale='min(${w},iw)':'min(${h},ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2`,
        '-c:v', 'libx264', '-preset', 'superfast', '-crf', '23', '-maxrate', TARGET_MAX_RATE, '-bufsize', '16M',
        '-pix_fmt', 'yuv420p', '-profile:v', 'high', ...aac,
      ];
  return ['-i', input, ...maps, ...codecs, '-max_muxing_queue_size', '1024', '-movflags', '+faststart', '-f', 'mp4', output];
}

/** A frame a little into the video (the very first is often black), as a WebP at most 1280 wide. */
export function posterArgs(p: VideoProbe, input: string, output: string): string[] {
  const at = p.durationSec ? Math.min(1, p.durationSec / 3) : 0;
  return ['-ss', at.toFixed(3), '-i', input, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-1", '-c:v', 'libwebp', '-quality', '80', '-f', 'webp', output];
}
