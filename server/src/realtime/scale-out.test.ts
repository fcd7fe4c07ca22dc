import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZScreenHealthResponse, type TScreenConfigEvent } from '@pano/contract';
import {
  caughtUp, closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, serverSawClose, startLiveServer, type LiveServer,
} from './live-server.fixtures.js';

// docs/SCALING.md: two stateless API instances sharing one PostgreSQL and one Redis.
// A change made through instance A must reach a player connected to instance B, and
// presence must count players wherever they are connected.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: LiveServer;
let b: LiveServer;
beforeAll(async () => {
  a = await startLiveServer({ REDIS_URL });
  b = await startLiveServer({ REDIS_URL });
});
afterEach(() => closeAllSockets());
afterAll(async () => { await Promise.all([a?.close(), b?.close()]); });

describe('two API instances behind one Redis', () => {
  it('a change made through instance A reaches a device connected to instance B, once', async () => {
    const c = await liveCustomer(a);
    const p = await a.ctx.db.playlist.create({ data: { ownerId: c.id, name: 'Liste' } });
    const screen = await a.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Giriş' } });
    const other = await a.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Kasa' } });
    const device = await pairedDevice(a, c.id, screen.id);
    const sockets = [await connectSocket(b, { deviceToken: device.token, screenId: screen.id }), await connectSocket(b, { deviceToken: device.token, screenId: other.id })];
    const [onB, otherOnB] = sockets.map((socket) => record(socket, 'screen:config')) as [TScreenConfigEvent[], TScreenConfigEvent[]];

    await a.api.put(`/api/screens/${screen.id}`).set(c.auth).send({ currentPlaylist: p.id }).expect(200);
    // A has handed the push to Redis before answering; B must deliver it well within a second
    // (the HTTP time itself depends on this shared machine's load, so it is not measured).
    const answered = Date.now();
    await expect.poll(() => onB.length >= 1, { timeout: 1000 }).toBe(true);
    expect(Date.now() - answered).toBeLessThan(1000);
    // A's marker reaches B through Redis behind A's push.
    await caughtUp(a, sockets);
    expect(onB).toHaveLength(1);
    expect(onB[0]).toMatchObject({ screenId: screen.id, config: { playlist: { _id: p.id } } });
    expect(otherOnB).toEqual([]);
  });

  it("presence crosses instances: A's dashboard sees B's player, and a screen stays online while a player remains anywhere", async () => {
    const c = await liveCustomer(a);
    const screen = await a.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Giriş' } });
    const dashboard = await connectSocket(a, { token: c.token });
    const status = record(dashboard, 'screen:status');
    const d1 = await pairedDevice(a, c.id, screen.id);
    const d2 = await pairedDevice(a, c.id, screen.id);

    const onB = await connectSocket(b, { deviceToken: d1.token, screenId: screen.id });
    await expect.poll(() => status.length >= 1).toBe(true);
    expect(status[0]).toMatchObject({ screenId: screen.id, online: true });
    const presence = async (via: LiveServer) => (await via.api.get('/api/devices/presence').set(c.auth).expect(200)).body;
    expect(await presence(a)).toEqual([{ screenId: screen.id, online: true, lastSeenAt: expect.any(String) }]);

    const onA = await connectSocket(a, { deviceToken: d2.token, screenId: screen.id });
    await expect.poll(() => status.length >= 2).toBe(true);
    // The player on A leaves; instance A must find B's player and keep the screen online.
    const onAId = onA.id!;
    onA.close();
    await serverSawClose(a, onAId);
    await caughtUp(a, [dashboard]);
    expect(status).toHaveLength(2);

    onB.close();
    await expect.poll(() => status.length >= 3).toBe(true);
    expect(status[2]).toMatchObject({ screenId: screen.id, online: false });
    expect((await presence(b))[0].online).toBe(false);
  });
});

// docs/architecture/devices.md#health: a player's report on B reaches the owner's dashboard on A, and a
// screenshot asked for through A reaches it on B.
describe('screen health across instances', () => {
  it('reports, online state and screenshot requests cross instances', async () => {
    const c = await liveCustomer(a);
    const screen = await a.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Giriş' } });
    const dashboard = record(await connectSocket(a, { token: c.token }), 'screen:health');
    const device = await pairedDevice(a, c.id, screen.id);
    const player = await connectSocket(b, { deviceToken: device.token, screenId: screen.id });
    const requests = record(player, 'screenshot:request');
    await expect.poll(() => dashboard.some((h) => h.online)).toBe(true);

    player.emit('player:health', {
      appVersion: '2.0.0', uptimeSec: 5, cacheBytes: null, lastError: null, itemsFailed: 0, failing: false, playing: null, events: [], corruptFiles: [],
    });
    await expect.poll(() => dashboard.some((h) => h.report?.appVersion === '2.0.0')).toBe(true);
    const list = ZScreenHealthResponse.parse((await a.api.get('/api/screens/health').set(c.auth).expect(200)).body);
    expect(list.screens).toEqual([expect.objectContaining({ screenId: screen.id, online: true, troubleSince: null })]);

    const { body } = await a.api.post(`/api/screens/${screen.id}/screenshot`).set(c.auth).expect(202);
    await expect.poll(() => requests.length === 1).toBe(true);
    expect(requests).toEqual([{ requestId: body.requestId }]);

    player.close();
    await expect.poll(() => dashboard.some((h) => !h.online)).toBe(true);
    expect((await a.api.post(`/api/screens/${screen.id}/screenshot`).set(c.auth)).status).toBe(409);
  });
});
