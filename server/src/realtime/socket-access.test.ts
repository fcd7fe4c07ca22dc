import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TScreenConfig } from '@pano/contract';
import {
  caughtUp, closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, serverHandled, serverSawClose, startLiveServer, type LiveServer,
} from './live-server.fixtures.js';

let s: LiveServer;
beforeAll(async () => { s = await startLiveServer(); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

const newScreen = (ownerId: string, name = 'Ekran') => s.ctx.db.screen.create({ data: { ownerId, name } });

describe('socket handshake', () => {
  it.each([
    ['no auth at all', {}, 'Oturum açmanız gerekiyor'],
    ['a garbage user token', { token: 'not-a-jwt' }, 'Geçersiz oturum, lütfen tekrar giriş yapın'],
    ['a garbage device token', { deviceToken: 'not-a-jwt', screenId: '00000000-0000-4000-8000-000000000000' }, 'Oturum açmanız gerekiyor'],
  ])('refuses %s with connect_error', async (_what, auth, message) => {
    await expect(connectSocket(s, auth)).rejects.toMatchObject({ message, data: { code: 'UNAUTHORIZED' } });
  });

  it('refuses a user token used as a device token, and a device token without a screen', async () => {
    const a = await liveCustomer(s);
    const screen = await newScreen(a.id);
    const device = await pairedDevice(s, a.id, screen.id);
    await expect(connectSocket(s, { deviceToken: a.token, screenId: screen.id })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await expect(connectSocket(s, { deviceToken: device.token })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    // ...while the right combination is accepted.
    const ok = await connectSocket(s, { deviceToken: device.token, screenId: screen.id });
    expect(ok.connected).toBe(true);
  });

  it("refuses another customer's screen, to users and to devices alike", async () => {
    const a = await liveCustomer(s);
    const b = await liveCustomer(s);
    const bScreen = await newScreen(b.id);
    const aDevice = await pairedDevice(s, a.id);
    await expect(connectSocket(s, { token: a.token, screenId: bScreen.id })).rejects.toMatchObject({ message: 'Ekran bulunamadı', data: { code: 'NOT_FOUND' } });
    await expect(connectSocket(s, { deviceToken: aDevice.token, screenId: bScreen.id })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
  });

  it('refuses a malformed screen id like an unknown screen, to users and to devices alike', async () => {
    const a = await liveCustomer(s);
    const device = await pairedDevice(s, a.id);
    const notFound = { message: 'Ekran bulunamadı', data: { code: 'NOT_FOUND' } };
    await expect(connectSocket(s, { token: a.token, screenId: 'not-a-uuid' })).rejects.toMatchObject(notFound);
    await expect(connectSocket(s, { deviceToken: device.token, screenId: 'not-a-uuid' })).rejects.toMatchObject(notFound);
    // Credentials are still checked first: a bad token with a bad screen id is a login problem.
    await expect(connectSocket(s, { deviceToken: 'not-a-jwt', screenId: 'not-a-uuid' })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
  });

  it('refuses a revoked device', async () => {
    const a = await liveCustomer(s);
    const screen = await newScreen(a.id);
    const device = await pairedDevice(s, a.id, screen.id);
    await s.ctx.db.device.update({ where: { id: device.id }, data: { revokedAt: new Date() } });
    await expect(connectSocket(s, { deviceToken: device.token, screenId: screen.id })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
  });
});

describe('isolation between customers', () => {
  it("a customer's dashboard never receives another customer's events", async () => {
    const a = await liveCustomer(s);
    const b = await liveCustomer(s);
    const aScreen = await newScreen(a.id);
    const bScreen = await newScreen(b.id);
    const aDash = await connectSocket(s, { token: a.token });
    const bDash = await connectSocket(s, { token: b.token });
    const aStatus = record(aDash, 'screen:status');
    const bStatus = record(bDash, 'screen:status');
    const aConfigs = record(aDash, 'screen:config');
    const bConfigs = record(bDash, 'screen:config');

    const bDevice = await pairedDevice(s, b.id, bScreen.id);
    const bPlayer = await connectSocket(s, { deviceToken: bDevice.token, screenId: bScreen.id });
    await s.ctx.notifier.ownerScreensChanged(b.id);
    await expect.poll(() => bStatus.length >= 1).toBe(true);
    const bPlayerId = bPlayer.id!;
    bPlayer.close();
    await expect.poll(() => bStatus.length >= 2).toBe(true);
    await serverSawClose(s, bPlayerId);
    await caughtUp(s, [aDash, bDash]);
    expect(bStatus.map((e) => [e.screenId, e.online])).toEqual([[bScreen.id, true], [bScreen.id, false]]);
    expect(aStatus).toEqual([]);
    // Dashboards are not in screen rooms: configs only go to players and previews.
    expect(aConfigs).toEqual([]);
    expect(bConfigs).toEqual([]);
    expect(aScreen.id).not.toBe(bScreen.id);
  });
});

describe('presence', () => {
  it("reaches the owner's dashboard: online on connect, version on hello, offline only when the last player leaves", async () => {
    const a = await liveCustomer(s);
    const screen = await newScreen(a.id);
    const dash = await connectSocket(s, { token: a.token });
    const status = record(dash, 'screen:status');

    const d1 = await pairedDevice(s, a.id, screen.id);
    const d2 = await pairedDevice(s, a.id, screen.id);
    const p1 = await connectSocket(s, { deviceToken: d1.token, screenId: screen.id });
    await expect.poll(() => status.length >= 1).toBe(true);
    expect(status[0]).toMatchObject({ screenId: screen.id, online: true, version: null });
    const seen = await s.ctx.db.screen.findUniqueOrThrow({ where: { id: screen.id } });
    expect(seen.lastSeenAt?.toISOString()).toBe(status[0]!.lastSeenAt);

    p1.emit('player:hello', { screenId: screen.id, version: 'v-abc', appVersion: '1.0.0' });
    await expect.poll(() => status.length >= 2).toBe(true);
    expect(status[1]).toMatchObject({ screenId: screen.id, online: true, version: 'v-abc' });

    // A preview is not a player: it neither makes the screen online nor keeps it so.
    const preview = await connectSocket(s, { token: a.token, screenId: screen.id });
    const p2 = await connectSocket(s, { deviceToken: d2.token, screenId: screen.id });
    await expect.poll(() => status.length >= 3).toBe(true);
    const p1Id = p1.id!;
    p1.close();
    await serverSawClose(s, p1Id);
    await caughtUp(s, [dash]);
    expect(status).toHaveLength(3);
    expect((await s.api.get('/api/devices/presence').set(a.auth).expect(200)).body)
      .toEqual([{ screenId: screen.id, online: true, lastSeenAt: expect.any(String) }]);

    p2.close();
    await expect.poll(() => status.length >= 4).toBe(true);
    expect(status[3]).toMatchObject({ screenId: screen.id, online: false });
    expect(preview.connected).toBe(true);
    expect((await s.api.get('/api/devices/presence').set(a.auth).expect(200)).body)
      .toEqual([{ screenId: screen.id, online: false, lastSeenAt: expect.any(String) }]);
  });

  it('ignores a hello that speaks for another screen', async () => {
    const a = await liveCustomer(s);
    const screen = await newScreen(a.id);
    const other = await newScreen(a.id, 'Diğer');
    const dash = await connectSocket(s, { token: a.token });
    const status = record(dash, 'screen:status');
    const device = await pairedDevice(s, a.id, screen.id);
    const player = await connectSocket(s, { deviceToken: device.token, screenId: screen.id });
    await expect.poll(() => status.length >= 1).toBe(true);
    player.emit('player:hello', { screenId: other.id, version: 'x', appVersion: '1' });
    await serverHandled(s, [player]);
    await caughtUp(s, [dash]);
    expect(status).toHaveLength(1);
  });

  it('GET /api/devices/presence needs a user token', async () => {
    await s.api.get('/api/devices/presence').expect(401);
  });
});

describe('reconnect after a missed change', () => {
  it('the player fetches its config again and ends on the current version', async () => {
    const a = await liveCustomer(s);
    const screen = await s.ctx.db.screen.create({ data: { ownerId: a.id, name: 'Ekran' } });
    const device = await pairedDevice(s, a.id, screen.id);
    const fetchConfig = async (): Promise<TScreenConfig> =>
      (await s.api.get(`/api/screens/${screen.id}/config`).set({ Authorization: `Bearer ${device.token}` }).expect(200)).body;

    let shown = await fetchConfig();
    const first = await connectSocket(s, { deviceToken: device.token, screenId: screen.id });
    first.close();
    // While the player is away the ticker changes; the push reaches nobody.
    const ticker = await s.ctx.db.tickerPlaylist.create({ data: { ownerId: a.id, name: 'Reji', texts: { create: [{ text: 'Yeni', position: 0 }] } } });
    await s.api.put(`/api/screens/${screen.id}`).set(a.auth).send({ currentDirectionPlaylist: ticker.id }).expect(200);

    const again = await connectSocket(s, { deviceToken: device.token, screenId: screen.id });
    const pushed = record(again, 'screen:config');
    const current = await fetchConfig();
    expect(current.version).not.toBe(shown.version);
    shown = current;
    expect(shown.directionPlaylist?._id).toBe(ticker.id);
    // Nothing changed since: no push arrives and the player stays on the fetched version.
    await caughtUp(s, [again]);
    expect(pushed).toEqual([]);
  });
});
