import { describe, expect, it } from 'vitest';
import { mediaKind, resolveMediaUrl } from './media-rules.js';
import { durationMs, playItemsFromConfig } from './play-items.js';

describe('mediaKind (docs/PRODUCT.md#data)', () => {
  it("plays mediaType 'Video' as video and anything else as image", () => {
    expect(mediaKind({ mediaType: 'Video', filePath: '/uploads/a' })).toBe('video');
    expect(mediaKind({ mediaType: 'Resim', filePath: '/uploads/a.png' })).toBe('image');
    expect(mediaKind({ mediaType: 'image', filePath: 'a.jpg' })).toBe('image');
    expect(mediaKind({ mediaType: 'whatever' })).toBe('image');
  });

  it('infers video from .mp4 .webm .ogg .mov .m4v, in any case, ignoring queries', () => {
    for (const ext of ['mp4', 'webm', 'ogg', 'mov', 'm4v', 'MP4']) {
      expect(mediaKind({ mediaType: 'Resim', filePath: `/uploads/clip.${ext}` })).toBe('video');
    }
    expect(mediaKind({ mediaType: 'Resim', filePath: 'https://cdn.x/clip.webm?sig=1' })).toBe('video');
    expect(mediaKind({ mediaType: 'Resim', filePath: '/uploads/mp4.png' })).toBe('image');
  });
});

describe('resolveMediaUrl', () => {
  const host = 'http://pano.local:3000';
  it('keeps absolute URLs', () => {
    expect(resolveMediaUrl('https://cdn.example.com/a.mp4', host)).toBe('https://cdn.example.com/a.mp4');
    expect(resolveMediaUrl('blob:http://x/1', host)).toBe('blob:http://x/1');
  });
  it('resolves uploads/x, /uploads/x and bare names against /uploads/', () => {
    expect(resolveMediaUrl('uploads/a.png', host)).toBe('http://pano.local:3000/uploads/a.png');
    expect(resolveMediaUrl('/uploads/a.png', host)).toBe('http://pano.local:3000/uploads/a.png');
    expect(resolveMediaUrl('a.png', host)).toBe('http://pano.local:3000/uploads/a.png');
    expect(resolveMediaUrl('a.png', `${host}/`)).toBe('http://pano.local:3000/uploads/a.png');
  });
});

describe('play items', () => {
  it('defaults a missing duration to 5 s and enforces the 1 s minimum', () => {
    expect(durationMs(undefined)).toBe(5000);
    expect(durationMs(0)).toBe(1000);
    expect(durationMs(12)).toBe(12_000);
  });

  it('maps a config playlist to play items with resolved URLs', () => {
    const media = { _id: 'm1', name: 'Klip', mediaType: 'Video' as const, type: 'video' as const, filePath: '/uploads/k.mp4', url: 'http://elsewhere/uploads/k.mp4', mimeType: 'video/mp4' };
    const items = playItemsFromConfig({
      screenId: 's', screenName: 'S', version: 'v1', alerts: [],
      playlist: { _id: 'p', name: 'P', mediaItems: [{ media, duration: 8 }] },
      directionPlaylist: null,
      displaySettings: { showDirectionBar: true, backgroundColor: 'rgba(0,0,0,0.8)', barHeight: 50, textColor: 'white', fontSize: 24 },
      notice: null,
      schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
    }, 'http://h:1');
    expect(items).toEqual([{ mediaId: 'm1', name: 'Klip', kind: 'video', url: 'http://h:1/uploads/k.mp4', durationMs: 8000 }]);
    expect(playItemsFromConfig(null, 'http://h')).toEqual([]);
  });
});
