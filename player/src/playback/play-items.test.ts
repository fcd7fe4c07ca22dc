import { describe, expect, it } from 'vitest';
import { durationMs, pageDurationMs, pdfPagesOf, playItemsFromConfig, playItemsOf } from './play-items.js';

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

  it("plays a PDF document once per page for the item's duration, its pages resolved like files", () => {
    const pages = ['/uploads/p1.webp', '/uploads/p2.webp', 'http://cdn.example/p3.webp'];
    const media = { _id: 'd', name: 'Menü', mediaType: 'Uygulama' as const, type: 'app' as const, filePath: '', url: '', mimeType: 'application/pdf', app: { kind: 'pdf' as const, pages } };
    const [item] = playItemsOf({ _id: 'p', name: 'P', mediaItems: [{ media, duration: 10 }] }, 'http://h:1');
    expect(item).toMatchObject({ mediaId: 'd', kind: 'app', url: '', durationMs: 30_000 });
    expect(pdfPagesOf(item!)).toEqual(['http://h:1/uploads/p1.webp', 'http://h:1/uploads/p2.webp', 'http://cdn.example/p3.webp']);
    expect(pageDurationMs(item!.durationMs, 3)).toBe(10_000);
    // The config itself is left as it was.
    expect(media.app.pages[0]).toBe('/uploads/p1.webp');
  });
});
