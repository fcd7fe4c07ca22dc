import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TPlayerHealth } from '@pano/contract';
import {
  closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, startLiveServer, type ClientSocket, type LiveServer,
} from './live-server.fixtures.js';

// Issue #21: one device token opened a socket per screen of its customer and made every screen
// look online, confirm alerts and report health. A device speaks only for the screen its row names.
let s: LiveServer;
beforeAll(async () => { s = await startLiveServer(); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

const health: TPlayerHealth = {
  appVersion: '9.9.9', uptimeSec: 1, cacheBytes: null, lastError: null, itemsFailed: 0, failing: true, playing: null, events: [], corruptFiles: [],
};
const until = { timeout: 10_000, interval: 50 };

/** Sockets this instance counts as connected, every role. */
const connected = async () => (await s.ctx.metrics.sockets.get()).values.reduce((n, v) => n + v.value, 0);

/** Resolves once the server has counted this socket out, which follows everything it sent before closing. */
async function closedOnServer(socket: ClientSocket): Promise<void> {
  const before = await connected();
  socket.close();
  await vi.waitFor(async () => expect(await connected()).toBe(before - 1), until);
}

describe("a device's socket for another screen of its customer", () => {
  it('is told where it belongs and speaks for nothing: not online, no screenshot request, no ack, no health', async () => {
    const c = await liveCustomer(s);
    const own = await s.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Giriş' } });
    const other = await s.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Kasa' } });
    const device = await pairedDevice(s, c.id, own.id);
    const dashboard = record(await connectSocket(s, { token: c.token }), 'alert:acked');
    const alert = (await s.api.post('/api/alerts').set(c.auth).send({ title: 'Yangın', message: 'Tahliye', screens: [own.id, other.id] })
      .expect(201)).body as { _id: string };
    const ack = { alertId: alert._id, renderedAt: new Date().toISOString(), latencyMs: 10 };

    let told: { screenId: string | null }[] = [];
    const elsewhere = await connectSocket(s, { deviceToken: device.token, screenId: other.id }, (socket) => { told = record(socket, 'device:screen'); });
    await vi.waitFor(() => expect(told).toEqual([{ screenId: own.id }]), until);
    const player = await connectSocket(s, { deviceToken: device.token, screenId: own.id });

    const presence = async () => (await s.api.get('/api/devices/presence').set(c.auth).expect(200)).body as { screenId: string; online: boolean }[];
    await vi.waitFor(async () => expect((await presence()).find((p) => p.screenId === own.id)?.online).toBe(true), until);
    expect((await presence()).find((p) => p.screenId === other.id)?.online).toBe(false);
    expect((await s.api.post(`/api/screens/${other.id}/screenshot`).set(c.auth)).status).toBe(409);

    // What it says for the other screen reaches the server before its close does; the writes of
    // acks and reports are serial, so once the own screen's are in, the other's would be too.
    elsewhere.emit('alert:ack', ack);
    elsewhere.emit('player:health', health);
    await closedOnServer(elsewhere);
    player.emit('alert:ack', ack);
    player.emit('player:health', { ...health, failing: false });
    await vi.waitFor(() => expect(dashboard).toContainEqual({ alertId: alert._id, screenId: own.id }), until);
    await vi.waitFor(async () => expect(await s.ctx.db.screenHealth.findUnique({ where: { screenId: own.id } })).not.toBeNull(), until);

    expect((await s.ctx.db.alertAck.findMany({ where: { alertId: alert._id } })).map((a) => a.screenId)).toEqual([own.id]);
    expect(await s.ctx.db.screenHealth.findUnique({ where: { screenId: other.id } })).toBeNull();
    expect(dashboard).toEqual([{ alertId: alert._id, screenId: own.id }]);
  });

  it('a device with no screen is told so, and no screen is online for it', async () => {
    const c = await liveCustomer(s);
    const screen = await s.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Giriş' } });
    const device = await pairedDevice(s, c.id);
    let told: { screenId: string | null }[] = [];
    await connectSocket(s, { deviceToken: device.token, screenId: screen.id }, (socket) => { told = record(socket, 'device:screen'); });
    await vi.waitFor(() => expect(told).toEqual([{ screenId: null }]), until);
    expect((await s.api.get('/api/devices/presence').set(c.auth).expect(200)).body).toEqual([
      expect.objectContaining({ screenId: screen.id, online: false }),
    ]);
    expect((await s.api.post(`/api/screens/${screen.id}/screenshot`).set(c.auth)).status).toBe(409);
  });
});

describe('a device choosing another screen itself (PUT /api/devices/screen)', () => {
  it('cuts its socket on the previous screen, and its socket for the chosen one is the player', async () => {
    const c = await liveCustomer(s);
    const first = await s.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Giriş' } });
    const second = await s.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Kasa' } });
    const device = await pairedDevice(s, c.id, first.id);
    const old = await connectSocket(s, { deviceToken: device.token, screenId: first.id });
    const gone: string[] = [];
    old.on('disconnect', (reason) => gone.push(reason));
    const told = record(old, 'device:screen');

    await s.api.put('/api/devices/screen').set('Authorization', `Bearer ${device.token}`).send({ screenId: second.id }).expect(200);
    await vi.waitFor(() => expect(gone).toEqual(['io server disconnect']), until);
    expect(told).toEqual([{ screenId: second.id }]);

    await connectSocket(s, { deviceToken: device.token, screenId: second.id });
    const presence = async () => (await s.api.get('/api/devices/presence').set(c.auth).expect(200)).body as { screenId: string; online: boolean }[];
    await vi.waitFor(async () => expect((await presence()).map((p) => [p.screenId, p.online])).toEqual([[first.id, false], [second.id, true]]), until);
  });
});
