import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  caughtUp, closeAllSockets, connectSocket, holdAfterCheck, liveCustomer, pairedDevice, record, startLiveServer,
  type ClientSocket, type LiveServer,
} from './live-server.fixtures.js';
import { passwordResetFor } from '../modules/auth/password-reset.service.js';
import { hashPassword } from '../modules/auth/passwords.js';

// Two API instances on one Redis: the customer acts through A, the sockets sit on A and B.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: LiveServer;
let b: LiveServer;
beforeAll(async () => {
  a = await startLiveServer({ REDIS_URL });
  b = await startLiveServer({ REDIS_URL });
});
afterEach(() => closeAllSockets());
afterAll(async () => { await Promise.all([a?.close(), b?.close()]); });

/** Resolves with the reason once the server disconnects this socket. */
const disconnected = (socket: ClientSocket) => {
  const seen: string[] = [];
  socket.on('disconnect', (reason) => seen.push(reason));
  return seen;
};

async function customerWithScreen() {
  const c = await liveCustomer(a);
  const screen = await a.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Giriş' } });
  const playlist = await a.ctx.db.playlist.create({ data: { ownerId: c.id, name: 'Liste' } });
  return { c, screen, playlist };
}

describe('removing a device', () => {
  it('disconnects its sockets on every instance within a second; its token is refused at once; it receives nothing more', async () => {
    const { c, screen, playlist } = await customerWithScreen();
    const revoked = await pairedDevice(a, c.id, screen.id);
    const kept = await pairedDevice(a, c.id, screen.id);
    const auth = { Authorization: `Bearer ${revoked.token}` };
    // B has just checked this device (its cache holds the answer for a few seconds).
    await b.api.get(`/api/screens/${screen.id}/config`).set(auth).expect(200);
    const onA = await connectSocket(a, { deviceToken: revoked.token, screenId: screen.id });
    const onB = await connectSocket(b, { deviceToken: revoked.token, screenId: screen.id });
    const keptSocket = await connectSocket(b, { deviceToken: kept.token, screenId: screen.id });
    const keptOnB = record(keptSocket, 'screen:config');
    const pushedA = record(onA, 'screen:config');
    const pushedB = record(onB, 'screen:config');
    const [goneA, goneB] = [disconnected(onA), disconnected(onB)];
    // Each is told it was removed before it is cut, so the player leaves at once (not on a refused reconnect).
    onA.on('device:removed', () => goneA.push('device:removed'));
    onB.on('device:removed', () => goneB.push('device:removed'));
    expect((await a.api.get('/api/devices').set(c.auth).expect(200)).body.map((d: { _id: string; online: boolean }) => [d._id, d.online]))
      .toEqual([[revoked.id, true], [kept.id, true]]);

    await a.api.delete(`/api/devices/${revoked.id}`).set(c.auth).expect(200);
    await expect.poll(() => goneA.length === 2 && goneB.length === 2, { timeout: 1000 }).toBe(true);
    expect([goneA, goneB]).toEqual([['device:removed', 'io server disconnect'], ['device:removed', 'io server disconnect']]);

    // Refused at once by B's config endpoint (cache told through Redis) and by both handshakes.
    await b.api.get(`/api/screens/${screen.id}/config`).set(auth).expect(401);
    await a.api.get(`/api/screens/${screen.id}/config`).set(auth).expect(401);
    await expect(connectSocket(b, { deviceToken: revoked.token, screenId: screen.id })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });

    // The next change reaches the device that stays, and only it.
    await a.api.put(`/api/screens/${screen.id}`).set(c.auth).send({ currentPlaylist: playlist.id }).expect(200);
    await expect.poll(() => keptOnB.length === 1).toBe(true);
    // Behind the push on B's connections (a cut socket catches up at once: nothing reaches it any more).
    await caughtUp(a, [onA, onB, keptSocket]);
    expect([pushedA, pushedB]).toEqual([[], []]);
    expect((await b.api.get('/api/devices').set(c.auth).expect(200)).body.map((d: { _id: string }) => d._id)).toEqual([kept.id]);
  });
});

describe('deleting a screen', () => {
  it('disconnects its players and previews on every instance; reconnecting, they learn it is gone', async () => {
    const { c, screen } = await customerWithScreen();
    const other = await a.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Kasa' } });
    const device = await pairedDevice(a, c.id, screen.id);
    const player = await connectSocket(b, { deviceToken: device.token, screenId: screen.id });
    const preview = await connectSocket(a, { token: c.token, screenId: screen.id });
    const elsewhere = await connectSocket(b, { deviceToken: device.token, screenId: other.id });
    const [gonePlayer, gonePreview, goneElsewhere] = [disconnected(player), disconnected(preview), disconnected(elsewhere)];

    await a.api.delete(`/api/screens/${screen.id}`).set(c.auth).expect(200);
    await expect.poll(() => gonePlayer.length === 1 && gonePreview.length === 1, { timeout: 1000 }).toBe(true);
    await expect(connectSocket(b, { deviceToken: device.token, screenId: screen.id })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    // A's marker reaches B through Redis behind A's disconnect of the deleted screen's sockets.
    await caughtUp(a, [elsewhere]);
    expect(goneElsewhere).toEqual([]);
  });
});

describe('moving a device', () => {
  it('tells its players on any instance to switch, and tells a player that comes back on the old screen', async () => {
    const { c, screen } = await customerWithScreen();
    const kasa = await a.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Kasa' } });
    const device = await pairedDevice(a, c.id, screen.id);
    const old = await connectSocket(b, { deviceToken: device.token, screenId: screen.id });
    const told = record(old, 'device:screen');
    const gone = disconnected(old);

    await a.api.put(`/api/devices/${device.id}`).set(c.auth).send({ screenId: kasa.id }).expect(200);
    await expect.poll(() => told.length === 1, { timeout: 1000 }).toBe(true);
    expect(told).toEqual([{ screenId: kasa.id }]);
    // The old screen's socket stops being its player; the one for the new screen is.
    await expect.poll(() => gone.length === 1, { timeout: 10_000 }).toBe(true);
    expect(gone).toEqual(['io server disconnect']);
    await connectSocket(b, { deviceToken: device.token, screenId: kasa.id });
    const online = async () => ((await a.api.get('/api/devices/presence').set(c.auth).expect(200)).body as { online: boolean }[]).map((p) => p.online);
    await vi.waitFor(async () => expect(await online()).toEqual([false, true]), { timeout: 10_000, interval: 50 });

    // A player that was away connects for the old screen: it is told where it belongs now.
    let toldLate: { screenId: string | null }[] = [];
    await connectSocket(a, { deviceToken: device.token, screenId: screen.id }, (late) => { toldLate = record(late, 'device:screen'); });
    await expect.poll(() => toldLate.length === 1).toBe(true);
    expect(toldLate).toEqual([{ screenId: kasa.id }]);
  });
});

describe('logging out', () => {
  it("disconnects the user's dashboards on every instance and refuses the token's next handshake", async () => {
    const { c } = await customerWithScreen();
    const dashboard = await connectSocket(b, { token: c.token });
    const gone = disconnected(dashboard);
    await a.api.post('/api/auth/logout').set(c.auth).expect(200);
    await expect.poll(() => gone.length === 1, { timeout: 1000 }).toBe(true);
    await expect(connectSocket(b, { token: c.token })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
  });
});

describe('ending one session (docs/architecture/sessions.md)', () => {
  it("cuts that sign-in's dashboards on every instance and refuses its next handshake; the user's other session stays", async () => {
    const { c } = await customerWithScreen();
    const sign = async () => {
      const row = await a.ctx.db.userSession.create({ data: { userId: c.id, device: 'Chrome · Linux' } });
      return { id: row.id, token: await a.ctx.tokens.signUser(c.id, 0, c.id, row.id) };
    };
    const [ended, kept] = [await sign(), await sign()];
    const endedSocket = await connectSocket(b, { token: ended.token });
    const keptSocket = await connectSocket(b, { token: kept.token });
    const gone = disconnected(endedSocket);
    const keptGone = disconnected(keptSocket);
    await a.api.delete(`/api/auth/sessions/${ended.id}`).set({ Authorization: `Bearer ${kept.token}` }).expect(200);
    await expect.poll(() => gone, { timeout: 1000 }).toEqual(['io server disconnect']);
    await expect(connectSocket(b, { token: ended.token })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    expect(keptGone).toEqual([]);
    expect(keptSocket.connected).toBe(true);
  });
});

describe('a session ended while its socket is still in the handshake', () => {
  it.each([
    ['ending that session', (kept: string, ended: { id: string }) => b.api.delete(`/api/auth/sessions/${ended.id}`).set({ Authorization: `Bearer ${kept}` }).expect(200)],
    ['logging out', (_kept: string, _ended: { id: string }, endedToken: string) => b.api.post('/api/auth/logout').set({ Authorization: `Bearer ${endedToken}` }).expect(200)],
  ])('%s between the check and the room joins still cuts the dashboard', async (_what, end) => {
    const { c } = await customerWithScreen();
    const sign = async () => {
      const row = await a.ctx.db.userSession.create({ data: { userId: c.id, device: 'Chrome · Linux' } });
      return { id: row.id, token: await a.ctx.tokens.signUser(c.id, 0, c.id, row.id) };
    };
    const [ended, kept] = [await sign(), await sign()];
    const held = holdAfterCheck(b, ended.token);
    let gone: string[] = [];
    const connecting = connectSocket(b, { token: ended.token }, (socket) => { gone = disconnected(socket); });
    await held.checked;
    // Ended through the instance holding the socket: its cut of the session's rooms has run
    // before the answer, while the socket was in none of them yet.
    await end(kept.token, ended, ended.token);
    held.release();
    const socket = await connecting;
    // Behind the check the socket server runs once the rooms are joined.
    await caughtUp(b, [socket]);
    expect(gone).toEqual(['io server disconnect']);
  });
});

describe('resetting the password', () => {
  it("disconnects the user's dashboards on every instance, as logging out does", async () => {
    const { c } = await customerWithScreen();
    const user = await a.ctx.db.user.findUniqueOrThrow({ where: { id: c.id } });
    const dashboard = await connectSocket(b, { token: c.token });
    const gone = disconnected(dashboard);
    // The mail's link, made as forgot-password makes it (its delivery: password-reset.routes.test.ts).
    const mail = await passwordResetFor(a.ctx, user.email);
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
    await a.api.post('/api/auth/reset-password').send({ token, password: 'yeni-sifre-1' }).expect(200);
    await expect.poll(() => gone.length === 1, { timeout: 1000 }).toBe(true);
    await expect(connectSocket(b, { token: c.token })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
  });
});

describe('changing the password (docs/architecture/sessions.md#password)', () => {
  it("cuts every dashboard of the person on every instance (a copied token's too); the answer's token connects, the old one is refused", async () => {
    const { c } = await customerWithScreen();
    await a.ctx.db.user.update({ where: { id: c.id }, data: { passwordHash: await hashPassword('secret123') } });
    const sign = async () => {
      const row = await a.ctx.db.userSession.create({ data: { userId: c.id, device: 'Chrome · Linux' } });
      return { id: row.id, token: await a.ctx.tokens.signUser(c.id, 0, c.id, row.id) };
    };
    const [here, other] = [await sign(), await sign()];
    const [hereSocket, otherSocket, oldSocket] = [
      await connectSocket(b, { token: here.token }), await connectSocket(b, { token: other.token }), await connectSocket(b, { token: c.token }),
    ];
    const [hereGone, otherGone, oldGone] = [disconnected(hereSocket), disconnected(otherSocket), disconnected(oldSocket)];
    const res = await a.api.post('/api/auth/password').set({ Authorization: `Bearer ${here.token}` })
      .send({ currentPassword: 'secret123', newPassword: 'yeni-sifre-1' }).expect(200);
    const cut = ['io server disconnect'];
    await expect.poll(() => [hereGone, otherGone, oldGone], { timeout: 1000 }).toEqual([cut, cut, cut]);
    await expect(connectSocket(b, { token: here.token })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    expect((await connectSocket(b, { token: res.body.token as string })).connected).toBe(true);
  });
});

describe('team changes (docs/PRODUCT.md#team)', () => {
  /** A member of `owner`'s account (with an account of their own too), and a dashboard token for each account. */
  async function memberOf(ownerId: string) {
    const person = await liveCustomer(a);
    const m = await a.ctx.db.membership.create({ data: { accountId: ownerId, userId: person.id, role: 'editor' } });
    const inTeam = await a.ctx.tokens.signUser(person.id, 0, ownerId);
    return { person, membershipId: m.id, inTeam };
  }

  it("a role change is told to that member's dashboards in that account only", async () => {
    const { c } = await customerWithScreen();
    const { person, membershipId, inTeam } = await memberOf(c.id);
    const teamSocket = await connectSocket(b, { token: inTeam });
    const ownSocket = await connectSocket(b, { token: person.token });
    const told = record(teamSocket, 'member:changed');
    const toldOwn = record(ownSocket, 'member:changed');
    await a.api.put(`/api/team/members/${membershipId}`).set(c.auth).send({ role: 'viewer' }).expect(200);
    await expect.poll(() => told.length, { timeout: 1000 }).toBe(1);
    expect(told).toEqual([{ accountId: c.id }]);
    expect(toldOwn).toEqual([]);
  });

  it("a removal tells and cuts the member's sockets in that account within a second, and refuses their next handshake; their own account's stay", async () => {
    const { c } = await customerWithScreen();
    const { person, membershipId, inTeam } = await memberOf(c.id);
    const teamSocket = await connectSocket(b, { token: inTeam });
    const ownSocket = await connectSocket(b, { token: person.token });
    const gone = disconnected(teamSocket);
    teamSocket.on('member:removed', () => gone.push('member:removed'));
    const ownGone = disconnected(ownSocket);
    await a.api.delete(`/api/team/members/${membershipId}`).set(c.auth).expect(200);
    await expect.poll(() => gone.length, { timeout: 1000 }).toBe(2);
    expect(gone).toEqual(['member:removed', 'io server disconnect']);
    await expect(connectSocket(b, { token: inTeam })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    expect(ownGone).toEqual([]);
    expect(ownSocket.connected).toBe(true);
  });
});
