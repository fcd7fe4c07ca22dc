import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TConfigPlaylist, TScreenConfig } from '@pano/contract';
import { cachePlaylistMedia, MEDIA_CACHE, MEDIA_RETRY_MS, mediaUrlsOf, recacheMedia } from './media-cache.js';

const playlist = (id: string, files: string[]): TConfigPlaylist => ({
  _id: id, name: id,
  mediaItems: files.map((f) => ({ duration: 5, media: { _id: f, name: f, mediaType: 'Resim', type: 'image', filePath: `/uploads/${f}.png`, url: '', mimeType: '' } })),
});

describe('media the offline cache keeps', () => {
  it("holds every playlist the screen may show: its own and each schedule entry's, each file once", () => {
    const config = {
      playlist: playlist('own', ['a', 'b']),
      schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [playlist('menu', ['m', 'a']), playlist('evening', ['e'])], tickers: [] },
    } as unknown as TScreenConfig;
    expect(mediaUrlsOf(config, 'http://pano.test')).toEqual(
      ['a', 'b', 'm', 'e'].map((f) => `http://pano.test/uploads/${f}.png`),
    );
  });

  it("holds every layout zone's files too; apps have no file", () => {
    const withApp = playlist('news', ['n']);
    withApp.mediaItems.push({ duration: 5, media: { _id: 'clock', name: 'Saat', mediaType: 'Uygulama', type: 'app', filePath: '', url: '', mimeType: '', app: { kind: 'clock', style: 'digital', showDate: true, showSeconds: false } } });
    const zone = (name: string, p: TConfigPlaylist | null) => ({ name, x: 0, y: 0, width: 50, height: 50, z: 0, fit: 'cover' as const, playlist: p, directionPlaylist: null });
    const config = {
      playlist: null,
      layout: { _id: 'l1', name: 'Yerleşim', orientation: 'landscape', background: '#000000', zones: [zone('Ana', playlist('main', ['v', 'a'])), zone('Yan', withApp), zone('Bant', null)] },
      schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [playlist('menu', ['a'])], tickers: [] },
    } as unknown as TScreenConfig;
    expect(mediaUrlsOf(config, 'http://pano.test')).toEqual(['a', 'v', 'n'].map((f) => `http://pano.test/uploads/${f}.png`));
  });

  it("holds every page of a PDF document, as it holds files", () => {
    const withDoc = playlist('own', ['a']);
    withDoc.mediaItems.push({ duration: 5, media: { _id: 'd', name: 'Menü', mediaType: 'Uygulama', type: 'app', filePath: '', url: '', mimeType: 'application/pdf', app: { kind: 'pdf', pages: ['/uploads/p1.webp', '/uploads/p2.webp'] } } });
    const config = { playlist: withDoc, schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] } } as unknown as TScreenConfig;
    expect(mediaUrlsOf(config, 'http://pano.test')).toEqual(['a.png', 'p1.webp', 'p2.webp'].map((f) => `http://pano.test/uploads/${f}`));
  });

  it('a screen without its own playlist still caches the scheduled ones', () => {
    const config = {
      playlist: null,
      schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [playlist('menu', ['m'])], tickers: [] },
    } as unknown as TScreenConfig;
    expect(mediaUrlsOf(config, 'http://pano.test')).toEqual(['http://pano.test/uploads/m.png']);
  });
});

/** The browser's Cache API, kept in memory (the one thing here that is not ours or Node's). */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  return {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        match: async (url: string) => store.get(url),
        put: async (url: string, res: Response) => void store.set(url, res),
        keys: async () => [...store.keys()].map((url) => new Request(url)),
        delete: async (req: Request) => store.delete(req.url),
      };
    },
  };
}

describe('filling the media cache', () => {
  let server: Server;
  let host: string;
  /** Files the server answers 503 for, once each. */
  let busyOnce: Set<string>;
  const config = (files: string[]) => ({
    playlist: playlist('own', files),
    schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
  }) as unknown as TScreenConfig;
  const stored = async () => (await (await caches.open(MEDIA_CACHE)).keys()).map((r) => new URL(r.url).pathname).sort();

  beforeEach(async () => {
    busyOnce = new Set();
    server = createServer((req, res) => {
      if (busyOnce.delete(req.url!)) return void res.writeHead(503).end();
      res.writeHead(200, { 'Content-Type': 'image/png' }).end('png');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vi.stubGlobal('caches', memoryCaches());
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await new Promise((r) => server.close(r));
  });

  it('tries a file the server could not give again a little later, without a new config', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    busyOnce.add('/uploads/b.png');
    await cachePlaylistMedia(config(['a', 'b']), host);
    expect(await stored()).toEqual(['/uploads/a.png']);
    await vi.advanceTimersByTimeAsync(MEDIA_RETRY_MS);
    await expect.poll(stored).toEqual(['/uploads/a.png', '/uploads/b.png']);
  });

  it('tries the missing files again when the connection comes back, and drops files no playlist uses', async () => {
    busyOnce.add('/uploads/d.png');
    await cachePlaylistMedia(config(['c', 'd']), host);
    expect(await stored()).toEqual(['/uploads/c.png']);
    await recacheMedia();
    expect(await stored()).toEqual(['/uploads/c.png', '/uploads/d.png']);
    await cachePlaylistMedia(config(['d']), host);
    expect(await stored()).toEqual(['/uploads/d.png']);
  });
});
