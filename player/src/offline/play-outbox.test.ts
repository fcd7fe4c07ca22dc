// @vitest-environment node
// IndexedDB for Node: the device's store is tested through the real API, in memory.
import 'fake-indexeddb/auto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYS_BATCH_MAX, ZPlaysUpload, type TPlayRecord } from '@pano/contract';
import { fetchJson } from '../connection/http-error.js';
import { PlayOutbox, type PlayOutboxOptions } from './play-outbox.js';
import { openPlayStore, type PlayStore } from './play-store.js';
import { DOWNLOAD_STALL_MS } from './watched-download.js';

/**
 * A local HTTP server standing in for POST /api/devices/plays: it checks the body with the
 * contract's schema, stores by id (idempotent, like the real one) and answers what the test
 * says, drops the connection (no network), or holds it open without a byte (a line gone silent).
 */
/** An HTTP status, no network at all, the batch stored and the answer lost on the way, or silence. */
type Answer = number | 'network' | 'lost' | 'silent';

let dbCount = 0;
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SCREENS: Record<string, string> = { scr1: uuid('5c000001', 1), old: uuid('5c000001', 2), new: uuid('5c000001', 3) };
const record = (n: number, screen = 'scr1'): TPlayRecord => ({
  id: uuid('00000000', n), screenId: SCREENS[screen]!, mediaId: uuid('3e000000', n % 3), playlistId: uuid('91000000', 1), scheduleId: null,
  startedAt: new Date(Date.UTC(2026, 10, 24, 9, 0, n)).toISOString(), durationMs: 1000, outcome: 'completed',
});

describe('PlayOutbox', () => {
  let http: Server;
  let url: string;
  let answers: Answer[];
  let requests: TPlayRecord[][];
  let stored: Map<string, TPlayRecord>;
  let store: PlayStore;
  let outbox: PlayOutbox | undefined;
  const dropped: [string[], number][] = [];
  /** Resolves when the server has the next request's body. */
  let arrived: () => void = () => undefined;
  const nextRequest = () => new Promise<void>((resolve) => (arrived = resolve));

  beforeEach(async () => {
    answers = [];
    requests = [];
    stored = new Map();
    dropped.length = 0;
    http = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        arrived();
        const answer = answers.shift() ?? 200;
        if (answer === 'silent') return;
        if (answer === 'network') return req.socket.destroy();
        if (req.headers.authorization !== 'Bearer dev-token') return res.writeHead(401).end();
        const { plays } = ZPlaysUpload.parse(JSON.parse(body));
        requests.push(plays);
        if (typeof answer === 'number' && answer !== 200) {
          res.writeHead(answer, { 'Content-Type': 'application/json' });
          return res.end(JSON.stringify({ message: 'Reddedildi', code: 'X' }));
        }
        let accepted = 0;
        for (const p of plays) {
          if (stored.has(p.id)) continue;
          stored.set(p.id, p);
          accepted++;
        }
        if (answer === 'lost') return req.socket.destroy();
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ accepted, duplicates: plays.length - accepted }));
      });
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/devices/plays`;
    store = await openPlayStore({ name: `plays-test-${++dbCount}` });
  });
  afterEach(async () => {
    vi.useRealTimers();
    outbox?.stop();
    outbox = undefined;
    store.close();
    http.closeAllConnections();
    await new Promise((r) => http.close(r));
  });

  function start(options: Partial<PlayOutboxOptions> = {}) {
    outbox = new PlayOutbox({
      store,
      send: (plays) => fetchJson(url, (c) => c.ZPlaysUploadResponse, { method: 'POST', token: 'dev-token', body: JSON.stringify({ plays }) }),
      everyPlays: 3, waitMs: 60_000, retryFirstMs: 20, retryMaxMs: 80, random: () => 0.5,
      onDropped: (plays, status) => dropped.push([plays.map((p) => p.id), status]),
      ...options,
    });
    return outbox;
  }

  it('stores first and sends every few records, deleting them once the server said 2xx', async () => {
    const q = start();
    await q.add(record(1));
    await q.add(record(2));
    expect(requests).toEqual([]);
    expect(await store.count()).toBe(2);
    await q.add(record(3));
    await expect.poll(async () => requests.length === 1 && (await store.count()) === 0).toBe(true);
    expect(requests[0]!.map((p) => p.id)).toEqual([1, 2, 3].map((n) => record(n).id));
    expect(requests[0]![0]).toEqual(record(1)); // sent as recorded: the same id, never a new one
  });

  it('sends a lone record after the wait', async () => {
    const q = start({ waitMs: 50 });
    await q.add(record(1));
    expect(requests).toEqual([]);
    await expect.poll(() => stored.size === 1).toBe(true);
    await expect.poll(async () => (await store.count()) === 0).toBe(true);
  });

  it('offline: keeps everything, retries with backoff, sends it all once back, in batches of at most 500', async () => {
    const q = start({ everyPlays: 1, retryFirstMs: 30, retryMaxMs: 30 });
    answers.push('network', 'network', 503, 429);
    for (let n = 1; n <= 700; n++) await q.add(record(n));
    await expect.poll(() => stored.size === 700, { timeout: 10_000 }).toBe(true);
    // Deleting the sent records from the IndexedDB stand-in took over 5 s with the machine busy.
    await expect.poll(async () => (await store.count()) === 0, { timeout: 10_000 }).toBe(true);
    // The four failures were retried; nothing was dropped; nothing lost.
    expect(dropped).toEqual([]);
    // 503 and 429 reached the server, then at least two batches carried the 700 records.
    expect(requests.length).toBeGreaterThanOrEqual(2 + Math.ceil(700 / PLAYS_BATCH_MAX));
    expect(Math.max(...requests.map((r) => r.length))).toBeLessThanOrEqual(PLAYS_BATCH_MAX);
    expect([...stored.keys()].sort()).toEqual(Array.from({ length: 700 }, (_, i) => record(i + 1).id).sort());
  });

  it('a send whose answer never comes ends after the stall time and is sent again: the upload is not held for ever', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const q = start();
    answers.push('silent');
    const first = nextRequest();
    for (let n = 1; n <= 3; n++) await q.add(record(n));
    await first;
    const second = nextRequest();
    // The line stays silent for the stall time (and a millisecond for each byte of the ~1 KB
    // batch, its time to be sent): the call ends as a network failure, and the outbox's retry
    // (20 ms here) sends the batch again.
    await vi.advanceTimersByTimeAsync(DOWNLOAD_STALL_MS);
    await vi.advanceTimersByTimeAsync(5_000);
    await second;
    vi.useRealTimers();
    await expect.poll(async () => stored.size === 3 && (await store.count()) === 0).toBe(true);
    expect(dropped).toEqual([]);
  });

  it('flushNow sends at once, skipping the pending retry (the network is back)', async () => {
    const q = start({ retryFirstMs: 60_000, retryMaxMs: 60_000 });
    answers.push('network');
    for (let n = 1; n <= 3; n++) await q.add(record(n));
    await expect.poll(() => (q as unknown as { retryTimer: unknown }).retryTimer !== null).toBe(true);
    expect(stored.size).toBe(0);
    await q.flushNow();
    expect(stored.size).toBe(3);
    expect(await store.count()).toBe(0);
  });

  it('drops a batch the server refuses (400, 403, 404) and goes on with the next', async () => {
    const q = start({ everyPlays: 2 });
    answers.push(400, 403, 404);
    for (let n = 1; n <= 6; n++) await q.add(record(n));
    await expect.poll(() => dropped.length === 3).toBe(true);
    await q.add(record(7));
    await q.add(record(8));
    // The server holds them before the outbox has read its answer and deleted them: wait for both.
    await expect.poll(async () => stored.size === 2 && (await store.count()) === 0).toBe(true);
    expect(dropped.map(([, status]) => status)).toEqual([400, 403, 404]);
    expect([...stored.keys()]).toEqual([record(7).id, record(8).id]);
  });

  it("sends one screen's records per batch: after a move, the old screen's refused batch takes none of the new one's", async () => {
    const q = start({ everyPlays: 4 });
    answers.push(403);
    await q.add(record(1, 'old'));
    await q.add(record(2, 'old'));
    await q.add(record(3, 'new'));
    await q.add(record(4, 'new'));
    await expect.poll(() => stored.size === 2).toBe(true);
    expect(requests.map((r) => r.map((p) => p.screenId))).toEqual([[SCREENS.old, SCREENS.old], [SCREENS.new, SCREENS.new]]);
    expect(dropped).toEqual([[[record(1).id, record(2).id], 403]]);
  });

  it('a batch sent again after its answer was lost keeps its ids, so the server counts it once', async () => {
    const q = start({ everyPlays: 2 });
    answers.push('lost');
    await q.add(record(1));
    await q.add(record(2));
    await expect.poll(async () => requests.length === 2 && (await store.count()) === 0).toBe(true);
    expect(requests[1]).toEqual(requests[0]);
    expect(stored.size).toBe(2);
  });

  it('records left on the device by an earlier run are sent by the next one', async () => {
    const first = start({ everyPlays: 100 });
    for (let n = 1; n <= 4; n++) await first.add(record(n));
    first.stop();
    store.close();
    // A reboot: the same database opened again.
    store = await openPlayStore({ name: `plays-test-${dbCount}` });
    expect(await store.count()).toBe(4);
    await start().flushNow();
    expect(stored.size).toBe(4);
  });

  it('keeps at most the cap, dropping the oldest', async () => {
    store.close();
    store = await openPlayStore({ name: `plays-test-${++dbCount}`, cap: 5 });
    const q = start({ everyPlays: 100 });
    for (let n = 1; n <= 8; n++) await q.add(record(n));
    expect(await store.count()).toBe(5);
    expect((await store.oldest(10)).records.map((r) => r.id)).toEqual([4, 5, 6, 7, 8].map((n) => record(n).id));
  });
});
