import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TConfigPlaylist, TScreenConfig } from '@pano/contract';
import { cachePlaylistMedia, CORRUPT_RETRY_MAX_MS, corruptRetryAfterMs, MEDIA_CACHE, MEDIA_RETRY_MS, mediaUrlsOf, recacheMedia } from './media-cache.js';
import { VERIFIED_HEADER } from './file-integrity.js';
import { DOWNLOAD_STALL_MS, downloadsWatched } from './watched-download.js';

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

/**
 * The browser's Cache API, kept in memory (the one thing here that is not ours or Node's). As in
 * the browser, put reads the whole body first and stores nothing when reading it fails.
 */
function memoryCaches() {
  const stores = new Map<string, Map<string, { body: ArrayBuffer; init: ResponseInit }>>();
  return {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, { body: ArrayBuffer; init: ResponseInit }>();
      stores.set(name, store);
      return {
        match: async (url: string) => {
          const entry = store.get(url);
          return entry && new Response(entry.body.slice(0), entry.init);
        },
        put: async (url: string, res: Response) => {
          const body = await res.arrayBuffer();
          store.set(url, { body, init: { status: res.status, headers: res.headers } });
        },
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
  /** Files the server answers no byte of, once each (a line gone silent), and the answers it holds. */
  let silentOnce: Set<string>;
  let silent: { res: import('node:http').ServerResponse; asked: () => void; seen: Promise<void> };
  const config = (files: string[]) => ({
    playlist: playlist('own', files),
    schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
  }) as unknown as TScreenConfig;
  const stored = async () => (await (await caches.open(MEDIA_CACHE)).keys()).map((r) => new URL(r.url).pathname).sort();

  beforeEach(async () => {
    busyOnce = new Set();
    silentOnce = new Set();
    let asked = () => {};
    silent = { res: null!, asked: () => asked(), seen: new Promise<void>((r) => (asked = r)) };
    server = createServer((req, res) => {
      if (busyOnce.delete(req.url!)) return void res.writeHead(503).end();
      if (silentOnce.delete(req.url!)) {
        silent.res = res;
        return silent.asked();
      }
      res.writeHead(200, { 'Content-Type': 'image/png' }).end('png');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vi.stubGlobal('caches', memoryCaches());
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('gives up a file whose download goes silent, so the next config is cached, and tries it again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    silentOnce.add('/uploads/s.png');
    const first = cachePlaylistMedia(config(['a', 's']), host);
    await silent.seen;
    await vi.advanceTimersByTimeAsync(DOWNLOAD_STALL_MS);
    await first;
    expect(await stored()).toEqual(['/uploads/a.png']);
    // A new config is not held behind the silent download; the file comes with it.
    await cachePlaylistMedia(config(['s', 'c']), host);
    expect(await stored()).toEqual(['/uploads/c.png', '/uploads/s.png']);
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

describe('files checked against their SHA-256 before they enter the cache', () => {
  const GOOD = Buffer.from('the bytes the server hashed at upload');
  const sha = createHash('sha256').update(GOOD).digest('hex');
  let server: Server;
  let host: string;
  /** What the server answers per path (the file on its disk), and how often each was asked for. */
  let files: Map<string, Buffer>;
  let asked: Map<string, number>;
  /** Resolves once the server has been asked for `path` `n` times (fake timers: vi.waitFor would move them). */
  let waiters: { path: string; n: number; resolve: () => void }[];
  /** Resolves once the code under test waits on a timer (its fetch and check are done: no download's watch is one of them). */
  const timerArmed = async () => {
    while (vi.getTimerCount() === 0 || downloadsWatched() > 0) await new Promise((r) => setImmediate(r));
  };
  const askedFor = (path: string, n: number) => new Promise<void>((resolve) => {
    if ((asked.get(path) ?? 0) >= n) resolve();
    else waiters.push({ path, n, resolve });
  });
  const config = (name: string, sha256: string | undefined) => ({
    playlist: {
      _id: 'own', name: 'own',
      mediaItems: [{ duration: 5, media: { _id: `00000000-0000-4000-8000-00000000000${name.length}`, name: `${name}.mp4`, mediaType: 'Video', type: 'video', filePath: `/uploads/${name}.mp4`, url: '', mimeType: 'video/mp4', ...(sha256 && { sha256 }) } }],
    },
    schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
  }) as unknown as TScreenConfig;
  const cached = async (name: string) => (await caches.open(MEDIA_CACHE)).match(`${host}/uploads/${name}.mp4`);
  const bytesOf = async (name: string) => Buffer.from(await (await cached(name))!.arrayBuffer());

  beforeEach(async () => {
    files = new Map();
    asked = new Map();
    waiters = [];
    server = createServer((req, res) => {
      asked.set(req.url!, (asked.get(req.url!) ?? 0) + 1);
      for (const w of waiters.filter((w) => w.path === req.url && asked.get(w.path)! >= w.n)) w.resolve();
      const body = files.get(req.url!);
      if (!body) return void res.writeHead(404).end();
      // In small chunks, as a large file arrives: the hash is taken as they stream by.
      res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': body.length });
      for (let i = 0; i < body.length; i += 7) res.write(body.subarray(i, i + 7));
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vi.stubGlobal('caches', memoryCaches());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await new Promise((r) => server.close(r));
  });

  it('keeps a file whose bytes have its SHA-256, marked as checked', async () => {
    files.set('/uploads/good.mp4', GOOD);
    const reports: unknown[] = [];
    await cachePlaylistMedia(config('good', sha), host, { setCorruptFiles: (f) => reports.push(f) });
    expect(await bytesOf('good')).toEqual(GOOD);
    expect((await cached('good'))!.headers.get(VERIFIED_HEADER)).toBe(sha);
    expect(reports).toEqual([]);
  });

  it('a file the server does not have is not stored and leaves no download open', async () => {
    await cachePlaylistMedia(config('gone', sha), host);
    await cachePlaylistMedia(config('gone2', undefined), host);
    expect(asked.get('/uploads/gone.mp4')).toBe(1);
    expect(asked.get('/uploads/gone2.mp4')).toBe(1);
    expect(await cached('gone')).toBeUndefined();
    expect(await cached('gone2')).toBeUndefined();
    expect(downloadsWatched()).toBe(0);
  });

  it('refuses a corrupted file, fetches it again a few times with pauses, reports it, and keeps it once repaired', async () => {
    const corrupted = Buffer.from(GOOD);
    corrupted[5] = corrupted[5]! ^ 0xff;
    files.set('/uploads/broken.mp4', corrupted);
    const reports: { name: string; attempts: number }[][] = [];
    let reported = (): void => {};
    const run = cachePlaylistMedia(config('broken', sha), host, {
      setCorruptFiles: (f) => {
        reports.push(f);
        reported();
      },
    });
    const nextReport = () => new Promise<void>((resolve) => (reported = resolve));
    // The second fetch waits a second, the third four more: never a tight loop.
    await askedFor('/uploads/broken.mp4', 1);
    await timerArmed();
    await vi.advanceTimersByTimeAsync(999);
    expect(asked.get('/uploads/broken.mp4')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await askedFor('/uploads/broken.mp4', 2);
    await timerArmed();
    await vi.advanceTimersByTimeAsync(3_999);
    expect(asked.get('/uploads/broken.mp4')).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(asked.get('/uploads/broken.mp4')).toBe(3);
    expect(await cached('broken')).toBeUndefined();
    expect(reports).toEqual([[expect.objectContaining({ mediaId: '00000000-0000-4000-8000-000000000006', name: 'broken.mp4', attempts: 3 })]]);

    // The next round comes 10 s later; still corrupted: the round after waits three times as long.
    let report = nextReport();
    await timerArmed();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(asked.get('/uploads/broken.mp4')).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    await askedFor('/uploads/broken.mp4', 4);
    await timerArmed();
    await vi.advanceTimersByTimeAsync(1_000);
    await askedFor('/uploads/broken.mp4', 5);
    await timerArmed();
    await vi.advanceTimersByTimeAsync(4_000);
    await report;
    expect(asked.get('/uploads/broken.mp4')).toBe(6);
    expect(reports.at(-1)).toEqual([expect.objectContaining({ attempts: 6 })]);
    expect(corruptRetryAfterMs(2)).toBe(30_000);
    await timerArmed();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(asked.get('/uploads/broken.mp4')).toBe(6);
    expect([3, 4, 5, 6, 7].map(corruptRetryAfterMs)).toEqual([90_000, 270_000, 810_000, CORRUPT_RETRY_MAX_MS, CORRUPT_RETRY_MAX_MS]);

    // Repaired on the server: the next round keeps it, and the health hears the list is empty.
    files.set('/uploads/broken.mp4', GOOD);
    report = nextReport();
    await vi.advanceTimersByTimeAsync(1_000);
    await report;
    expect(reports.at(-1)).toEqual([]);
    expect(await bytesOf('broken')).toEqual(GOOD);
    expect(asked.get('/uploads/broken.mp4')).toBe(7);
  });

  it('caches a file without a SHA-256 as before', async () => {
    files.set('/uploads/old.mp4', Buffer.from('stored before hashes were kept'));
    await cachePlaylistMedia(config('old', undefined), host);
    expect((await bytesOf('old')).toString()).toBe('stored before hashes were kept');
    expect((await cached('old'))!.headers.get(VERIFIED_HEADER)).toBeNull();
  });

  it('checks a copy cached before the SHA-256 was known from the cache, and drops a bad one', async () => {
    files.set('/uploads/kept.mp4', GOOD);
    files.set('/uploads/rotten.mp4', Buffer.from('not the file'));
    const both = (sha256: string | undefined) => {
      const c = config('kept', sha256);
      c.playlist!.mediaItems.push(...config('rotten', sha256).playlist!.mediaItems);
      return c;
    };
    // Both cached unchecked (a config of an older server); now both carry a SHA-256.
    await cachePlaylistMedia(both(undefined), host);
    files.set('/uploads/rotten.mp4', GOOD);
    await cachePlaylistMedia(both(sha), host);
    expect(asked.get('/uploads/kept.mp4')).toBe(1); // good: checked from the cache, not downloaded again
    expect((await cached('kept'))!.headers.get(VERIFIED_HEADER)).toBe(sha);
    expect(asked.get('/uploads/rotten.mp4')).toBe(2); // bad: dropped and fetched again
    expect(await bytesOf('rotten')).toEqual(GOOD);
  });
});
