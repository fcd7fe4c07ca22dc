// @vitest-environment node
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPlayerHealth, TPlayerHello, TScreenConfig } from '@pano/contract';
import { HttpError } from './http-error.js';
import { configOnConnectWaitMs, connectScreen, resyncRetryMs, serverDisconnectRetryMs, versionReportDelayMs, type ScreenConnection } from './screen-connection.js';

/**
 * A real socket.io server standing in for the API's realtime layer; only its behaviour the player
 * relies on. It sends nothing on connect unless a test sets `onConnect` (as the API does), so the
 * player falls back to fetching over HTTP.
 */
const config = (version: string, screenId = '0b8f3c2e-1d4a-4c6b-9e7f-000000000001'): TScreenConfig => ({
  screenId, screenName: 'Lobi', version, alerts: [], playlist: null, directionPlaylist: null, notice: null,
  schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
  displaySettings: { showDirectionBar: true, backgroundColor: 'black', barHeight: 50, textColor: 'white', fontSize: 24 },
});

describe('connectScreen', () => {
  let http: HttpServer;
  let io: Server;
  let url: string;
  let sockets: Socket[];
  let hellos: TPlayerHello[];
  /** When each hello reached the server (performance.now()). */
  let helloAt: number[];
  let auths: { version?: unknown }[];
  let onConnect: ((s: Socket) => void) | undefined;
  let connection: ScreenConnection | undefined;

  beforeEach(async () => {
    http = createServer();
    io = new Server(http, { path: '/socket.io', transports: ['websocket'] });
    sockets = [];
    hellos = [];
    helloAt = [];
    auths = [];
    onConnect = undefined;
    io.use((socket, next) => {
      auths.push(socket.handshake.auth);
      next();
    });
    io.on('connection', (s) => {
      sockets.push(s);
      s.on('player:hello', (h: TPlayerHello) => { hellos.push(h); helloAt.push(performance.now()); });
      onConnect?.(s);
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    vi.useRealTimers();
    connection?.close();
    await io.close();
  });

  function start(fetchConfig: () => Promise<TScreenConfig>, versionReportMs = 50, configWaitMs = 30) {
    const shown: string[] = [];
    /** When each version was put on screen (performance.now()). */
    const shownAt = new Map<string, number>();
    const errors: HttpError[] = [];
    const online: boolean[] = [];
    const requests: string[] = [];
    connection = connectScreen({
      url, screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', auth: { deviceToken: 'dev-token', screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001' }, appVersion: 'test',
      fetchConfig, onConfig: (c) => { shown.push(c.version); shownAt.set(c.version, performance.now()); }, onError: (e) => errors.push(e), onOnline: (o) => online.push(o),
      versionReportDelayMs: () => versionReportMs, configOnConnectWaitMs: () => configWaitMs,
      onScreenshotRequest: (r) => requests.push(r.requestId),
    });
    return { shown, shownAt, errors, online, requests };
  }

  it('fetches at start, sends its auth and hello, and ignores a version already shown', async () => {
    let fetches = 0;
    const { shown } = start(async () => (fetches++, config('v1')));
    await expect.poll(() => sockets.length === 1 && fetches >= 2 && hellos.some((h) => h.version === 'v1')).toBe(true);
    expect(auths).toHaveLength(1);
    expect(auths[0]).toMatchObject({ deviceToken: 'dev-token', screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001' });
    expect([null, 'v1']).toContain(auths[0]!.version); // the version on screen when the socket opened
    expect(shown).toEqual(['v1']); // the fetch at start and the one on connect: applied once

    sockets[0]!.emit('screen:config', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v1', config: config('v1') });
    sockets[0]!.emit('screen:config', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000009', version: 'x', config: config('x', '0b8f3c2e-1d4a-4c6b-9e7f-000000000009') });
    sockets[0]!.emit('screen:config', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v2', config: config('v2') });
    await expect.poll(() => shown.length === 2).toBe(true);
    expect(shown).toEqual(['v1', 'v2']);
    await expect.poll(() => hellos.some((h) => h.version === 'v2')).toBe(true);
    expect(hellos.at(-1)).toEqual({ screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v2', appVersion: 'test' });
  });

  it('reports a newly shown version after a delay, once for several changes within it', async () => {
    const { shown, shownAt } = start(async () => config('v1'), 400);
    await expect.poll(() => sockets.length === 1 && shown.length === 1).toBe(true);
    await expect.poll(() => hellos.some((h) => h.version === 'v1')).toBe(true);
    const before = hellos.length;
    sockets[0]!.emit('screen:config', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v2', config: config('v2') });
    sockets[0]!.emit('screen:config', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v3', config: config('v3') });
    await expect.poll(() => shown.length === 3).toBe(true); // shown at once
    await expect.poll(() => hellos.length > before).toBe(true);
    // Reported no sooner than the delay after the first of the changes (a timer may fire up to
    // 1 ms early by the clock read here).
    expect(helloAt[before]! - shownAt.get('v2')!).toBeGreaterThanOrEqual(399);
    // Once: a later change's report arrives after any second report of v3 would have (both
    // timers would have been set before this one, on the same socket).
    sockets[0]!.emit('screen:config', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v4', config: config('v4') });
    await expect.poll(() => hellos.some((h) => h.version === 'v4')).toBe(true);
    expect(hellos.slice(before)).toEqual([
      { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v3', appVersion: 'test' },
      { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v4', appVersion: 'test' },
    ]);
  });

  it('sends health reports only while connected, and hands on screenshot requests', async () => {
    const requests: string[] = [];
    const reports: TPlayerHealth[] = [];
    const online: boolean[] = [];
    io.on('connection', (s) => s.on('player:health', (h: TPlayerHealth) => reports.push(h)));
    connection = connectScreen({
      url, screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', auth: { deviceToken: 'dev-token', screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001' }, appVersion: 'test',
      fetchConfig: async () => config('v1'), onConfig: () => undefined, onError: () => undefined,
      onScreenshotRequest: (r) => requests.push(r.requestId), onOnline: (o) => online.push(o),
    });
    const health: TPlayerHealth = {
      appVersion: 'test', uptimeSec: 3, cacheBytes: null, lastError: null, itemsFailed: 0, failing: false, playing: null, events: [], corruptFiles: [],
    };
    // Not connected yet: dropped, not queued for later (the next connect sends a fresh report).
    connection.reportHealth({ ...health, uptimeSec: 1 });
    await expect.poll(() => online.at(-1)).toBe(true); // the player's side of the socket is open
    connection.reportHealth(health);
    await expect.poll(() => reports.length === 1).toBe(true);
    sockets[0]!.emit('screenshot:request', { requestId: 'req-1' });
    await expect.poll(() => requests.length === 1).toBe(true);
    expect(requests).toEqual(['req-1']);
    // A later report arrives right behind the first: nothing queued from before came in between.
    connection.reportHealth({ ...health, uptimeSec: 5 });
    await expect.poll(() => reports.length === 2).toBe(true);
    expect(reports).toEqual([health, { ...health, uptimeSec: 5 }]);
  });

  it('follows a move to another screen, or to none; a move to the screen it shows changes nothing', async () => {
    const moves: (string | null)[] = [];
    connection = connectScreen({
      url, screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', auth: { deviceToken: 'dev-token', screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001' }, appVersion: 'test',
      fetchConfig: async () => config('v1'), onConfig: () => undefined, onError: () => undefined,
      onScreenMoved: (screenId) => moves.push(screenId),
    });
    await expect.poll(() => sockets.length === 1).toBe(true);
    sockets[0]!.emit('device:screen', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001' });
    sockets[0]!.emit('device:screen', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000002' });
    sockets[0]!.emit('device:screen', { screenId: null });
    await expect.poll(() => moves.length === 2).toBe(true);
    expect(moves).toEqual(['0b8f3c2e-1d4a-4c6b-9e7f-000000000002', null]);
  });

  it('hands on its removal (device:removed) at once, before the server cuts the socket', async () => {
    const told: string[] = [];
    connection = connectScreen({
      url, screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', auth: { deviceToken: 'dev-token', screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001' }, appVersion: 'test',
      fetchConfig: async () => config('v1'), onConfig: () => undefined, onError: (e) => told.push(`error ${e.status}`),
      onOnline: (o) => told.push(o ? 'online' : 'offline'), onRemoved: () => told.push('removed'),
    });
    await expect.poll(() => sockets.length === 1 && told.includes('online')).toBe(true);
    // What the API does on 'Cihazı Kaldır' (realtime/live-connection-control.ts).
    sockets[0]!.emit('device:removed');
    sockets[0]!.disconnect(true);
    await expect.poll(() => told.includes('offline')).toBe(true);
    expect(told).toEqual(['online', 'removed', 'offline']);
  });

  it('spreads version reports over 0.5-3 s', () => {
    expect(versionReportDelayMs(() => 0)).toBe(500);
    expect(versionReportDelayMs(() => 0.999)).toBeLessThan(3000);
  });

  it('takes the config the server sends on connect, or its word that the version is current, instead of fetching', async () => {
    // The player's timers (and socket.io's) run on a fake clock, moved on by each expect.poll try
    // and by hand, so that no fetch follows the connect's wait is proved by moving past it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let fetches = 0;
    onConnect = (s) => {
      if (s.handshake.auth.version !== 'v2') {
        s.emit('screen:config', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v2', config: config('v2') });
        return;
      }
      s.emit('screen:current', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v2' });
      // Events arrive in the order sent: once the player has this one, it has read the one before.
      s.emit('screenshot:request', { requestId: 'after-current' });
    };
    // v2's report (700 ms) is due after the connect's wait for a config (400 ms), which began first.
    const { shown, requests } = start(async () => (fetches++, config('v1')), 700, 400);
    await expect.poll(() => sockets.length === 1 && shown.at(-1) === 'v2').toBe(true);
    await expect.poll(() => hellos.some((h) => h.version === 'v2')).toBe(true);
    expect(fetches).toBe(1); // only the one at start

    sockets[0]!.conn.close(); // the network drops; the handshake names v2 when it comes back
    await expect.poll(() => sockets.length === 2 && requests.includes('after-current'), { timeout: 8000 }).toBe(true);
    expect(auths.at(-1)!.version).toBe('v2');
    await vi.advanceTimersByTimeAsync(400); // the whole wait: a fetch still due would have begun
    expect(fetches).toBe(1);
    expect(shown.at(-1)).toBe('v2');
  });

  it('waits 8-12 s for the config on the socket before fetching it', () => {
    expect(configOnConnectWaitMs(() => 0)).toBe(8000);
    expect(configOnConnectWaitMs(() => 0.999_999)).toBe(11_999);
  });

  it('re-fetches after a reconnect when the server sends no config, and shows a change it missed', async () => {
    let version = 'v1';
    let fetches = 0;
    const { shown, online } = start(async () => (fetches++, config(version)));
    // The fetch at start and the one on connect are done: v2 can only come from a later one.
    await expect.poll(() => sockets.length === 1 && shown.length === 1 && fetches === 2).toBe(true);
    version = 'v2'; // changed while the connection is down
    sockets[0]!.conn.close(); // the network drops
    await expect.poll(() => sockets.length === 2, { timeout: 8000 }).toBe(true);
    await expect.poll(() => shown.length === 2).toBe(true);
    expect(shown).toEqual(['v1', 'v2']);
    expect(online).toContain(false);
    expect(online.at(-1)).toBe(true);
  });

  it('comes back after the server disconnects it (a restarting instance)', async () => {
    let version = 'v1';
    let fetches = 0;
    const { shown } = start(async () => (fetches++, config(version)));
    await expect.poll(() => sockets.length === 1 && shown.length === 1 && fetches === 2).toBe(true);
    version = 'v2';
    sockets[0]!.disconnect(true);
    await expect.poll(() => sockets.length === 2, { timeout: 8000 }).toBe(true);
    await expect.poll(() => shown.at(-1) === 'v2').toBe(true);
  });

  it('spreads the first retry after a server disconnect over 1-4 s, so a fleet does not return in lock-step', () => {
    expect(serverDisconnectRetryMs(() => 0)).toBe(1000);
    expect(serverDisconnectRetryMs(() => 0.5)).toBe(2500);
    expect(serverDisconnectRetryMs(() => 0.999_999)).toBe(3999);
    const delays = new Set(Array.from({ length: 200 }, () => serverDisconnectRetryMs()));
    expect(delays.size).toBeGreaterThan(50);
  });

  it('a slow fetch answer never replaces a newer pushed config', async () => {
    let release: (c: TScreenConfig) => void = () => {};
    let calls = 0;
    const { shown } = start(() => {
      calls++;
      return calls === 1 ? Promise.resolve(config('v1')) : new Promise((r) => (release = r));
    });
    await expect.poll(() => sockets.length === 1 && shown.length === 1 && calls === 2).toBe(true);
    sockets[0]!.emit('screen:config', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v3', config: config('v3') });
    await expect.poll(() => shown.length === 2).toBe(true);
    release(config('v2')); // read before v3 was committed, answered after
    // A later push is shown after the stale answer would have been (it settles in microtasks).
    sockets[0]!.emit('screen:config', { screenId: '0b8f3c2e-1d4a-4c6b-9e7f-000000000001', version: 'v4', config: config('v4') });
    await expect.poll(() => shown.length === 3).toBe(true);
    expect(shown).toEqual(['v1', 'v3', 'v4']);
  });

  it('tries a fetch that failed for a passing reason (server busy, no network) again, but not a 404', async () => {
    // The retries are seconds apart: the player's timers (and socket.io's) run on a fake clock,
    // moved on by each expect.poll try and by hand; the sockets themselves are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const longestFirstRetryMs = resyncRetryMs(0, () => 0.999_999);
    let calls = 0;
    const { shown, errors, online } = start(async () => {
      calls++;
      if (calls <= 2) throw new HttpError('HTTP 503', 503);
      return config('v1');
    });
    await expect.poll(() => online.at(-1)).toBe(true);
    // The fetch on connect (30 ms) restarts the retries; two first retries at most after it.
    await vi.advanceTimersByTimeAsync(30 + 2 * longestFirstRetryMs);
    expect(shown).toEqual(['v1']);
    expect(errors.map((e) => e.status).slice(0, 1)).toEqual([503]);
    connection?.close();

    let gone = 0;
    const second = start(async () => {
      gone++;
      throw new HttpError('Ekran bulunamadı', 404);
    });
    await expect.poll(() => second.online.at(-1)).toBe(true);
    // Past the fetch on connect and the longest first retry after it.
    await vi.advanceTimersByTimeAsync(30 + longestFirstRetryMs);
    expect(second.errors.map((e) => e.status)).toEqual([404, 404]);
    expect(gone).toBe(2); // the first fetch and the one after connecting; no retries
  });

  it('spaces fetch retries 2 s doubling to 30 s, jittered ±50 %', () => {
    expect([0, 1, 2, 5, 9].map((a) => resyncRetryMs(a, () => 0.5))).toEqual([2000, 4000, 8000, 30_000, 30_000]);
    expect(resyncRetryMs(0, () => 0)).toBe(1000);
    expect(resyncRetryMs(0, () => 0.999_999)).toBe(3000);
  });

  it('reports the server message of a failed fetch', async () => {
    const { errors } = start(async () => {
      throw new HttpError('Ekran bulunamadı', 404);
    });
    await expect.poll(() => errors.length > 0).toBe(true);
    expect(errors[0]).toMatchObject({ status: 404, message: 'Ekran bulunamadı' });
  });
});
