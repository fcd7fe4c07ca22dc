import { describe, expect, it } from 'vitest';
import type { VideoProbe } from '../../storage/video-tools.js';
import { ffmpegArgs, planVideo } from './video-plan.js';

// docs/architecture/media-processing.md#the-rules, one rule at a time.
const playable: VideoProbe = {
  container: 'mov,mp4,m4a,3gp,3g2,mj2', videoCodec: 'h264', pixelFormat: 'yuv420p', audioCodec: 'aac',
  width: 1920, height: 1080, rotation: 0, frameRate: 30, durationSec: 12.5, bitRate: 8_000_000,
};

describe('planVideo', () => {
  it('keeps a playable MP4 with its index first; remuxes one with its index at the end, or another container', () => {
    expect(planVideo(playable, true, true)).toBe('keep');
    expect(planVideo({ ...playable, audioCodec: null }, true, true)).toBe('keep');
    expect(planVideo(playable, true, false)).toBe('remux');
    expect(planVideo({ ...playable, container: 'matroska,webm' }, false, false)).toBe('remux');
  });

  it('turns only the sound to AAC when the picture plays', () => {
    expect(planVideo({ ...playable, audioCodec: 'mp3' }, true, true)).toBe('audio');
  });

  it.each([
    ['HEVC', { videoCodec: 'hevc' }],
    ['VP9', { videoCodec: 'vp9' }],
    ['ProRes', { videoCodec: 'prores' }],
    ['10-bit H.264', { pixelFormat: 'yuv420p10le' }],
    ['4K', { width: 3840, height: 2160 }],
    ['a portrait 4K', { width: 2160, height: 3840 }],
    ['a 1440×1440 square', { width: 1440, height: 1440 }],
    ['over 20 Mbit/s', { bitRate: 20_000_001 }],
  ] as [string, Partial<VideoProbe>][])('transcodes %s', (_what, change) => {
    expect(planVideo({ ...playable, ...change }, true, true)).toBe('transcode');
  });

  it('takes a phone video stored 1920×1080 with a 90° turn as 1080×1920, which plays', () => {
    expect(planVideo({ ...playable, rotation: 90 }, true, true)).toBe('keep');
  });

  it('fits a transcode in 1920×1080, or 1080×1920 for a portrait picture, with the index first', () => {
    const landscape = ffmpegArgs('transcode', { ...playable, width: 3840, height: 2160 }, 'in', 'out');
    expect(landscape.join(' ')).toContain("scale='min(1920,iw)':'min(1080,ih)'");
    expect(landscape.slice(-5)).toEqual(['-movflags', '+faststart', '-f', 'mp4', 'out']);
    const portrait = ffmpegArgs('transcode', { ...playable, width: 3840, height: 2160, rotation: 270 }, 'in', 'out');
    expect(portrait.join(' ')).toContain("scale='min(1080,iw)':'min(1920,ih)'");
    expect(ffmpegArgs('remux', playable, 'in', 'out')).toContain('copy');
  });
});
