import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZScreenHealthResponse, type TPlayerHealth } from '@pano/contract';
import {
  caughtUp, closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, serverHandled, startLiveServer,
  type Customer, type LiveServer,
} from './live-server.fixtures.js';
import { jpegOf } from '../modules/screen-health/screenshots.fixtures.js';

// docs/architecture/devices.md#health: players report `player:health` over their socket; the server
// stores it for the socket's own screen and tells the owner's dashboards `screen:health`; a
// screenshot request reaches that screen's players only.
let s: LiveServer;
beforeAll(async () => { s = await startLiveServer(); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

const report = (over: Partial<TPlayerHealth> = {}): TPlayerHealth => ({
  appVersion: '1.4.0', uptimeSec: 60, cacheBytes: 5_000_000, lastError: null, itemsFailed: 0, failing: false,
  playing: null, events: [], corruptFiles: [], ...over,
});

async function world() {
  const a = await liveCustomer(s);
  const b = await liveCustomer(s);
  const screen = (owner: Customer, name: string) => s.ctx.db.screen.create({ data: { ownerId: owner.id, name } });
  const [s1, s2, sb] = [await screen(a, 'Giriş'), await screen(a, 'Kasa'), await screen(b, 'Başka')];
  const player = async (owner: Customer, screenId: string) => {
    const device = await pairedDevice(s, owner.id, screenId);
    return { device, socket: await connectSocket(s, { deviceToken: device.token, screenId }) };
  };
  return { a, b, s1, s2, sb, player };
}

const stored = (screenId: string) => s.ctx.db.screenHealth.findUnique({ where: { screenId } });
/** The stored report, for expect.poll (a report is written a moment after it arrives). */
const storedReport = async (screenId: string) => ((await stored(screenId))?.report ?? null) as TPlayerHealth | null;
const REPORT_WAIT = { timeout: 7000, interval: 50 };

describe('player:health', () => {
  it('is stored for the socket\'s screen and pushed to its owner\'s dashboards only', async () => {
    const w = await world();
    const dashboard = record(await connectSocket(s, { token: w.a.token }), 'screen:health');
    const other = record(await connectSocket(s, { token: w.b.token }), 'screen:health');
    const p = await w.player(w.a, w.s1.id);
    await expect.poll(() => dashboard.some((h) => h.screenId === w.s1.id && h.online)).toBe(true);
    dashboard.length = 0;

    p.socket.emit('player:health', report({ failing: true, itemsFailed: 3 }));
    await expect.poll(() => dashboard.length === 1).toBe(true);
    expect(dashboard[0]).toMatchObject({
      screenId: w.s1.id, online: true, report: report({ failing: true, itemsFailed: 3 }), problem: false,
      reportedAt: expect.any(String), troubleSince: expect.any(String),
    });
    expect(other).toEqual([]);
    expect((await stored(w.s1.id))?.report).toEqual(report({ failing: true, itemsFailed: 3 }));

    const list = ZScreenHealthResponse.parse((await s.api.get('/api/screens/health').set(w.a.auth).expect(200)).body);
    expect(list.screens.find((h) => h.screenId === w.s1.id)).toMatchObject({ online: true, report: { failing: true } });
    expect(list.screens.find((h) => h.screenId === w.s2.id)).toMatchObject({ online: false, report: null });
  });

  it('ignores invalid payloads, and a player cannot report for another screen', async () => {
    const w = await world();
    const p = await w.player(w.a, w.s1.id);
    p.socket.emit('player:health', { ...report(), uptimeSec: -1 });
    p.socket.emit('player:health', 'hasta' as never);
    p.socket.emit('player:health', { ...report(), events: [{ kind: 'exploded', at: 'dün', mediaId: null, detail: '' }] } as never);
    // A payload naming another screen is stored for the socket's own screen, never that one.
    const intruder = await w.player(w.b, w.sb.id);
    intruder.socket.emit('player:health', { ...report({ appVersion: 'sahte' }), screenId: w.s1.id } as never);
    // The same customer's device showing another screen, too.
    const neighbour = await w.player(w.a, w.s2.id);
    neighbour.socket.emit('player:health', { ...report({ appVersion: 'komşu' }), screenId: w.s1.id } as never);
    await serverHandled(s, [p.socket, intruder.socket, neighbour.socket]);
    expect(await stored(w.s1.id)).toBeNull();
    expect((await stored(w.s2.id))?.report).toMatchObject({ appVersion: 'komşu' });
    expect((await stored(w.sb.id))?.report).toMatchObject({ appVersion: 'sahte' });
    expect((await stored(w.sb.id))?.report).not.toHaveProperty('screenId');
  });

  it('keeps one report per 5 s per player, the latest held back following; uptime alone pushes nothing', async () => {
    const w = await world();
    const dashboardSocket = await connectSocket(s, { token: w.a.token });
    const dashboard = record(dashboardSocket, 'screen:health');
    const p = await w.player(w.a, w.s1.id);
    // The player's arrival is pushed too; on a busy machine it can come after the first
    // report's push, so it is awaited before the pushes are counted.
    await expect.poll(() => dashboard.some((h) => h.screenId === w.s1.id && h.online)).toBe(true);
    p.socket.emit('player:health', report({ uptimeSec: 1 }));
    await expect.poll(() => storedReport(w.s1.id), REPORT_WAIT).toMatchObject({ uptimeSec: 1 });
    await expect.poll(() => dashboard.some((h) => h.report?.uptimeSec === 1)).toBe(true);
    const pushes = dashboard.length;

    // Within the gap: held back, only the latest is stored at its end.
    p.socket.emit('player:health', report({ uptimeSec: 2 }));
    p.socket.emit('player:health', report({ uptimeSec: 3 }));
    await serverHandled(s, [p.socket]);
    expect(((await stored(w.s1.id))?.report as TPlayerHealth).uptimeSec).toBe(1);
    await expect.poll(() => storedReport(w.s1.id), REPORT_WAIT).toMatchObject({ uptimeSec: 3 });
    await caughtUp(s, [dashboardSocket]);
    expect(dashboard).toHaveLength(pushes);
  }, 15_000);
});

describe('online and offline', () => {
  it('a screen whose player leaves is pushed offline with the time its trouble started', async () => {
    const w = await world();
    const dashboard = record(await connectSocket(s, { token: w.a.token }), 'screen:health');
    const p = await w.player(w.a, w.s2.id);
    await expect.poll(() => dashboard.some((h) => h.screenId === w.s2.id && h.online && h.troubleSince === null)).toBe(true);
    p.socket.close();
    await expect.poll(() => dashboard.some((h) => h.screenId === w.s2.id && !h.online)).toBe(true);
    const offline = dashboard.find((h) => h.screenId === w.s2.id && !h.online)!;
    expect(offline.troubleSince).not.toBeNull();
    expect(offline.problem).toBe(false);
  });
});

describe('screenshot:request', () => {
  it('reaches only that screen\'s players (not previews, not other screens), and 202 answers its id', async () => {
    const w = await world();
    const p1 = await w.player(w.a, w.s1.id);
    const p2 = await w.player(w.a, w.s2.id);
    const pb = await w.player(w.b, w.sb.id);
    const preview = await connectSocket(s, { token: w.a.token, screenId: w.s1.id });
    const seen = [p1, p2, pb].map((p) => record(p.socket, 'screenshot:request'));
    const previewSeen = record(preview, 'screenshot:request');

    const res = await s.api.post(`/api/screens/${w.s1.id}/screenshot`).set(w.a.auth).expect(202);
    expect(res.body).toEqual({ requestId: expect.any(String) });
    await expect.poll(() => seen[0]!.length === 1).toBe(true);
    await caughtUp(s, [p1.socket, p2.socket, pb.socket, preview]);
    expect(seen[0]).toEqual([{ requestId: res.body.requestId }]);
    expect(seen[1]).toEqual([]);
    expect(seen[2]).toEqual([]);
    expect(previewSeen).toEqual([]);

    expect((await s.api.post(`/api/screens/${w.s1.id}/screenshot`).set(w.b.auth)).status).toBe(404);
  });

  it('409 when only a preview is connected; the uploaded image is pushed to the owner', async () => {
    const w = await world();
    await connectSocket(s, { token: w.a.token, screenId: w.s1.id });
    expect((await s.api.post(`/api/screens/${w.s1.id}/screenshot`).set(w.a.auth)).status).toBe(409);

    const dashboard = record(await connectSocket(s, { token: w.a.token }), 'screen:health');
    const p = await w.player(w.a, w.s1.id);
    const requests = record(p.socket, 'screenshot:request');
    await s.api.post(`/api/screens/${w.s1.id}/screenshot`).set(w.a.auth).expect(202);
    await expect.poll(() => requests.length === 1).toBe(true);
    await s.api.put('/api/devices/screenshot?kind=screenshot').set('Authorization', `Bearer ${p.device.token}`)
      .set('Content-Type', 'image/jpeg').send(await jpegOf(32, 18)).expect(201);
    await expect.poll(() => dashboard.some((h) => h.screenId === w.s1.id && h.screenshot?.kind === 'screenshot')).toBe(true);
    expect(dashboard.find((h) => h.screenshot)).toMatchObject({ online: true, screenshot: { takenAt: expect.any(String), kind: 'screenshot' } });
  });
});
