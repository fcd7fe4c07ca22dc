import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TAlertAckedEvent, TAlertChangedEvent, TScreenConfig } from '@pano/contract';
import {
  caughtUp, closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, serverHandled, startLiveServer,
  type ClientSocket, type Customer, type LiveServer,
} from './live-server.fixtures.js';

// docs/architecture/alerts.md#alerts: an alert is part of the targeted screens' configs (pushed, and
// fetched by a player that connects later); a player confirms it with `alert:ack` after painting.
let s: LiveServer;
const PUBLIC_URL = 'https://pano.example';
beforeAll(async () => { s = await startLiveServer({ PUBLIC_URL }); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

async function world() {
  const db = s.ctx.db;
  const a = await liveCustomer(s);
  const b = await liveCustomer(s);
  const screen = (owner: Customer, name: string) => db.screen.create({ data: { ownerId: owner.id, name } });
  const [s1, s2, s3, sb] = [await screen(a, 'Giriş'), await screen(a, 'Kasa'), await screen(a, 'Vitrin'), await screen(b, 'Başka')];
  const players: Record<string, { socket: ClientSocket; device: { id: string; token: string }; screenId: string }> = {};
  for (const [key, owner, screenId] of [['s1', a, s1.id], ['s2', a, s2.id], ['s3', a, s3.id], ['sb', b, sb.id]] as [string, Customer, string][]) {
    const device = await pairedDevice(s, owner.id, screenId);
    players[key] = { socket: await connectSocket(s, { deviceToken: device.token, screenId }), device, screenId };
  }
  return { a, b, s1, s2, s3, sb, players };
}

const configOf = async (device: { token: string }, screenId: string) =>
  (await s.api.get(`/api/screens/${screenId}/config`).set('Authorization', `Bearer ${device.token}`).expect(200)).body as TScreenConfig;

describe('alerts in the screen config', () => {
  it('reach exactly the targeted screens\' configs, once, newest first, and leave them when ended', async () => {
    const w = await world();
    const image = await s.ctx.db.media.create({ data: { ownerId: w.a.id, name: 'Kat planı', kind: 'image', fileName: 'plan.png', mime: 'image/png', sizeBytes: 10n } });
    const seen = Object.fromEntries(Object.entries(w.players).map(([k, p]) => [k, record(p.socket, 'screen:config')]));

    const first = (await s.api.post('/api/alerts').set(w.a.auth)
      .send({ title: 'Kod Mavi', message: '3. kat', screens: [w.s1.id, w.s2.id], background: '#b91c1c', textColor: '#ffffff', mediaId: image.id, sound: true })
      .expect(201)).body as { _id: string; endsAt: string };
    await expect.poll(() => seen.s1!.length === 1 && seen.s2!.length === 1).toBe(true);
    await caughtUp(s, Object.values(w.players).map((p) => p.socket));
    expect(seen.s1).toHaveLength(1);
    expect(seen.s3).toEqual([]);
    expect(seen.sb).toEqual([]);
    expect(seen.s1![0]!.config.alerts).toEqual([{
      _id: first._id, title: 'Kod Mavi', message: '3. kat', background: '#b91c1c', textColor: '#ffffff',
      imageUrl: `${PUBLIC_URL}/uploads/plan.png`, sound: true, startedAt: expect.any(String), endsAt: first.endsAt,
    }]);

    const second = (await s.api.post('/api/alerts').set(w.a.auth).send({ title: 'Tahliye', message: 'Çıkışa', screens: [w.s2.id] }).expect(201)).body as { _id: string };
    await expect.poll(() => seen.s2!.length === 2).toBe(true);
    expect(seen.s2![1]!.config.alerts.map((x) => x._id)).toEqual([second._id, first._id]);
    expect(seen.s1).toHaveLength(1);

    await s.api.delete(`/api/alerts/${second._id}`).set(w.a.auth).expect(200);
    await expect.poll(() => seen.s2!.length === 3).toBe(true);
    expect(seen.s2![2]!.config.alerts.map((x) => x._id)).toEqual([first._id]);
  });

  it('are in the config a (re)connecting player fetches, and gone from it once ended', async () => {
    const w = await world();
    const p = w.players.s1!;
    const before = await configOf(p.device, p.screenId);
    expect(before.alerts).toEqual([]);

    const alert = (await s.api.post('/api/alerts').set(w.a.auth).send({ title: 'Kod Mavi', message: '3. kat', all: true }).expect(201)).body as { _id: string };
    const during = await configOf(p.device, p.screenId);
    expect(during.alerts.map((x) => x._id)).toEqual([alert._id]);
    expect(during.version).not.toBe(before.version);
    expect((await configOf(w.players.sb!.device, w.sb.id)).alerts).toEqual([]);

    await s.api.delete(`/api/alerts/${alert._id}`).set(w.a.auth).expect(200);
    const after = await configOf(p.device, p.screenId);
    expect(after.alerts).toEqual([]);
    expect(after.version).toBe(before.version);
  });
});

describe('alert:changed', () => {
  it("tells the owner's dashboards, and nobody else's, when an alert is sent and when it is ended", async () => {
    const w = await world();
    const sockets = [await connectSocket(s, { token: w.a.token }), await connectSocket(s, { token: w.b.token }), w.players.s1!.socket];
    const [dashboard, otherDashboard, player] = sockets.map((socket) => record(socket, 'alert:changed')) as [TAlertChangedEvent[], TAlertChangedEvent[], TAlertChangedEvent[]];
    const alert = (await s.api.post('/api/alerts').set(w.a.auth).send({ title: 'Kod Mavi', message: '3. kat', all: true }).expect(201)).body as { _id: string };
    await expect.poll(() => dashboard.length === 1).toBe(true);
    await s.api.delete(`/api/alerts/${alert._id}`).set(w.a.auth).expect(200);
    await expect.poll(() => dashboard.length === 2).toBe(true);
    await caughtUp(s, sockets);
    expect(dashboard).toEqual([{ alertId: alert._id }, { alertId: alert._id }]);
    expect(otherDashboard).toEqual([]);
    expect(player).toEqual([]);
  });
});

describe('alert:ack', () => {
  it('is counted once per targeted screen, only from its players, and tells the owner\'s dashboards', async () => {
    const w = await world();
    const dashboards = [await connectSocket(s, { token: w.a.token }), await connectSocket(s, { token: w.b.token })];
    const [dashboard, otherDashboard] = dashboards.map((socket) => record(socket, 'alert:acked')) as [TAlertAckedEvent[], TAlertAckedEvent[]];
    const alert = (await s.api.post('/api/alerts').set(w.a.auth).send({ title: 'Kod Mavi', message: '3. kat', screens: [w.s1.id, w.s2.id] })
      .expect(201)).body as { _id: string };
    const ack = { alertId: alert._id, renderedAt: new Date().toISOString(), latencyMs: 12 };

    // Not targeted, another customer's player, a preview of a targeted screen, a bad payload.
    w.players.s3!.socket.emit('alert:ack', ack);
    w.players.sb!.socket.emit('alert:ack', ack);
    const preview = await connectSocket(s, { token: w.a.token, screenId: w.s1.id });
    preview.emit('alert:ack', ack);
    w.players.s2!.socket.emit('alert:ack', { ...ack, latencyMs: -5 });
    // The targeted screen's player, twice, and a second device showing the same screen.
    w.players.s1!.socket.emit('alert:ack', ack);
    w.players.s1!.socket.emit('alert:ack', ack);
    const second = await pairedDevice(s, w.a.id, w.s1.id);
    const secondPlayer = await connectSocket(s, { deviceToken: second.token, screenId: w.s1.id });
    secondPlayer.emit('alert:ack', { ...ack, latencyMs: 9 });

    await expect.poll(() => dashboard.length === 1).toBe(true);
    // Every ack read and written, then the dashboards caught up behind what those emitted.
    await serverHandled(s, [...Object.values(w.players).map((p) => p.socket), preview, secondPlayer]);
    await caughtUp(s, dashboards);
    expect(dashboard).toEqual([{ alertId: alert._id, screenId: w.s1.id }]);
    expect(otherDashboard).toEqual([]);
    const rows = await s.ctx.db.alertAck.findMany({ where: { alertId: alert._id } });
    expect(rows).toEqual([expect.objectContaining({ screenId: w.s1.id, deviceId: w.players.s1!.device.id, latencyMs: 12 })]);

    const detail = (await s.api.get(`/api/alerts/${alert._id}`).set(w.a.auth).expect(200)).body as { acks: { total: number; acknowledged: number } };
    expect(detail.acks).toMatchObject({ total: 2, acknowledged: 1 });
  });

  it('keeps no more latency than the server saw: a device clock running ahead is cut', async () => {
    const w = await world();
    const alert = (await s.api.post('/api/alerts').set(w.a.auth).send({ title: 'Kod', message: 'x', screens: [w.s1.id] }).expect(201)).body as { _id: string };
    w.players.s1!.socket.emit('alert:ack', { alertId: alert._id, renderedAt: new Date().toISOString(), latencyMs: 3_600_000 });
    const row = await vi.waitFor(async () => {
      const found = await s.ctx.db.alertAck.findFirst({ where: { alertId: alert._id } });
      expect(found).not.toBeNull();
      return found!;
    }, { timeout: 3000, interval: 50 });
    expect(row.latencyMs).toBeLessThan(60_000);
  });
});
