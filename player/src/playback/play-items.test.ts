import { describe, expect, it } from 'vitest';
import { durationMs, playItemsFromConfig } from './play-items.js';

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
