import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAlert, ZSchedule, ZScreen, ZScreenGroup, ZScreenGroupUsage, ZScreenHealthResponse, ZScreensNow } from '@pano/contract';
import { createTestApp, newCustomer, newMember, type TestApp, type TestUser } from '../../../test/harness.js';
import { heldTransaction } from '../../../test/held-transaction.js';
import { makeGroup, makeMedia, makePlaylist, makeSchedule, makeScreen } from '../screens/content.fixtures.js';

/* docs/architecture/accounts.md#screen-group-limits: a member limited to groups sees and acts on only their screens. */

let t: TestApp;
let owner: TestUser;
let lobbyOnly: TestUser;
let w: { lobby: { id: string }; cafe: { id: string }; lobbyGroup: { id: string }; cafeGroup: { id: string }; playlist: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await newCustomer(t, { maxScreens: 10 });
  const lobby = await makeScreen(t, owner.id, { name: 'Lobi' });
  const cafe = await makeScreen(t, owner.id, { name: 'Kafeterya' });
  const playlist = await makePlaylist(t, owner.id, [{ mediaId: (await makeMedia(t, owner.id)).id }]);
  w = { lobby, cafe, playlist, lobbyGroup: await makeGroup(t, owner.id, 'Giriş', [lobby.id]), cafeGroup: await makeGroup(t, owner.id, 'Yemek', [cafe.id]) };
  lobbyOnly = await newMember(t, owner.id, 'publisher', [w.lobbyGroup.id]);
});
afterAll(async () => { await t.close(); });

const notFoundAnswer = (res: { status: number; body: { message?: string } }, what: string) =>
  expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: `${what} bulunamadı` });

describe('screens', () => {
  it("lists only the groups' screens; every other screen of the account is missing", async () => {
    const list = ZScreen.array().parse((await t.http.get('/api/screens').set(lobbyOnly.auth).expect(200)).body);
    expect(list.map((s) => s.name)).toEqual(['Lobi']);
    notFoundAnswer(await t.http.get(`/api/screens/${w.cafe.id}/usage`).set(lobbyOnly.auth), 'Ekran');
    notFoundAnswer(await t.http.put(`/api/screens/${w.cafe.id}`).set(lobbyOnly.auth).send({ currentPlaylist: w.playlist.id }), 'Ekran');
    notFoundAnswer(await t.http.delete(`/api/screens/${w.cafe.id}`).set(lobbyOnly.auth), 'Ekran');
    notFoundAnswer(await t.http.get(`/api/screens/${w.cafe.id}/now`).set(lobbyOnly.auth), 'Ekran');
    notFoundAnswer(await t.http.post(`/api/screens/${w.cafe.id}/screenshot`).set(lobbyOnly.auth), 'Ekran');
    notFoundAnswer(await t.http.get(`/api/screens/${w.cafe.id}/config`).set(lobbyOnly.auth), 'Ekran');
    await t.http.get(`/api/screens/${w.lobby.id}/config`).set(lobbyOnly.auth).expect(200);
    const cafe = await t.ctx.db.screen.findUniqueOrThrow({ where: { id: w.cafe.id } });
    expect(cafe.currentPlaylistId).toBeNull();
    // Their own screen works as for anyone.
    await t.http.put(`/api/screens/${w.lobby.id}`).set(lobbyOnly.auth).send({ currentPlaylist: w.playlist.id }).expect(200);
    const now = ZScreensNow.parse((await t.http.get('/api/screens/now').set(lobbyOnly.auth).expect(200)).body);
    expect(now.map((s) => s.screenId)).toEqual([w.lobby.id]);
    const health = ZScreenHealthResponse.parse((await t.http.get('/api/screens/health').set(lobbyOnly.auth).expect(200)).body);
    expect(health.screens.map((s) => s.screenId)).toEqual([w.lobby.id]);
    // The owner, unlimited, still sees both.
    expect(ZScreen.array().parse((await t.http.get('/api/screens').set(owner.auth).expect(200)).body)).toHaveLength(2);
  });

  it('cannot add a screen: it would belong to no group of theirs', async () => {
    const before = await t.ctx.db.screen.count({ where: { ownerId: owner.id } });
    const res = await t.http.post('/api/screens').set(lobbyOnly.auth).send({ name: 'Yeni' });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: 'Ekran gruplarıyla sınırlı bir üye yeni ekran ekleyemez' });
    expect(await t.ctx.db.screen.count({ where: { ownerId: owner.id } })).toBe(before);
  });
});

describe('devices', () => {
  it("lists and manages only the devices on their screens", async () => {
    // Devices are an admin's to manage: an admin limited to the lobby.
    const lobbyAdmin = await newMember(t, owner.id, 'admin', [w.lobbyGroup.id]);
    const onLobby = await t.ctx.db.device.create({ data: { ownerId: owner.id, screenId: w.lobby.id } });
    const onCafe = await t.ctx.db.device.create({ data: { ownerId: owner.id, screenId: w.cafe.id } });
    const listed = (await t.http.get('/api/devices').set(lobbyAdmin.auth).expect(200)).body as { _id: string }[];
    expect(listed.map((d) => d._id)).toEqual([onLobby.id]);
    const presence = (await t.http.get('/api/devices/presence').set(lobbyAdmin.auth).expect(200)).body as { screenId: string }[];
    expect(presence.map((p) => p.screenId)).toEqual([w.lobby.id]);
    notFoundAnswer(await t.http.put(`/api/devices/${onCafe.id}`).set(lobbyAdmin.auth).send({ name: 'Kasa' }), 'Cihaz');
    notFoundAnswer(await t.http.delete(`/api/devices/${onCafe.id}`).set(lobbyAdmin.auth), 'Cihaz');
    notFoundAnswer(await t.http.put(`/api/devices/${onLobby.id}`).set(lobbyAdmin.auth).send({ screenId: w.cafe.id }), 'Ekran');
    const cafeDevice = await t.ctx.db.device.findUniqueOrThrow({ where: { id: onCafe.id } });
    expect({ revokedAt: cafeDevice.revokedAt, name: cafeDevice.name }).toEqual({ revokedAt: null, name: null });
    expect((await t.ctx.db.device.findUniqueOrThrow({ where: { id: onLobby.id } })).screenId).toBe(w.lobby.id);
  });
});

describe('alerts', () => {
  const alert = (targets: object) => ({ title: 'Yangın', message: 'Binayı terk edin', ...targets });

  it('are sent only towards their groups, never to every screen', async () => {
    const all = await t.http.post('/api/alerts').set(lobbyOnly.auth).send(alert({ all: true }));
    expect(all.status).toBe(403);
    expect(all.body.message).toBe('Ekran gruplarıyla sınırlı bir üye tüm ekranları hedefleyemez; lütfen kendi gruplarınızdan seçin');
    notFoundAnswer(await t.http.post('/api/alerts').set(lobbyOnly.auth).send(alert({ screens: [w.cafe.id] })), 'Ekran');
    notFoundAnswer(await t.http.post('/api/alerts').set(lobbyOnly.auth).send(alert({ groups: [w.cafeGroup.id] })), 'Ekran grubu');
    expect(await t.ctx.db.alert.count({ where: { ownerId: owner.id } })).toBe(0);
    const sent = ZAlert.parse((await t.http.post('/api/alerts').set(lobbyOnly.auth).send(alert({ groups: [w.lobbyGroup.id] })).expect(201)).body);
    await t.http.delete(`/api/alerts/${sent._id}`).set(lobbyOnly.auth).expect(200);
  });

  it("an alert aimed beyond their groups is not in their list and cannot be read or ended by them", async () => {
    const everywhere = ZAlert.parse((await t.http.post('/api/alerts').set(owner.auth).send(alert({ all: true })).expect(201)).body);
    const listed = ZAlert.array().parse((await t.http.get('/api/alerts').set(lobbyOnly.auth).expect(200)).body);
    expect(listed.map((a) => a._id)).not.toContain(everywhere._id);
    notFoundAnswer(await t.http.get(`/api/alerts/${everywhere._id}`).set(lobbyOnly.auth), 'Acil duyuru');
    notFoundAnswer(await t.http.delete(`/api/alerts/${everywhere._id}`).set(lobbyOnly.auth), 'Acil duyuru');
    expect((await t.ctx.db.alert.findUniqueOrThrow({ where: { id: everywhere._id } })).endedAt).toBeNull();
    await t.http.delete(`/api/alerts/${everywhere._id}`).set(owner.auth).expect(200);
  });
});

describe('schedules', () => {
  const entry = (targets: object) => ({ name: 'Öğle', playlist: w.playlist.id, days: [1], startTime: '12:00', endTime: '13:00', ...targets });

  it('are made only towards their groups and screens', async () => {
    notFoundAnswer(await t.http.post('/api/schedules').set(lobbyOnly.auth).send(entry({ screens: [w.cafe.id] })), 'Ekran');
    notFoundAnswer(await t.http.post('/api/schedules').set(lobbyOnly.auth).send(entry({ groups: [w.cafeGroup.id] })), 'Ekran grubu');
    const made = ZSchedule.parse((await t.http.post('/api/schedules').set(lobbyOnly.auth).send(entry({ groups: [w.lobbyGroup.id] })).expect(201)).body);
    notFoundAnswer(await t.http.put(`/api/schedules/${made._id}`).set(lobbyOnly.auth).send(entry({ screens: [w.cafe.id] })), 'Ekran');
    expect((await t.ctx.db.scheduleScreen.count({ where: { scheduleId: made._id } }))).toBe(0);
  });

  it("an entry aimed beyond their groups is not listed and cannot be changed or deleted by them", async () => {
    const cafeLunch = await makeSchedule(t, owner.id, { name: 'Kafeterya öğle', playlistId: w.playlist.id, screenIds: [w.cafe.id] });
    const listed = ZSchedule.array().parse((await t.http.get('/api/schedules').set(lobbyOnly.auth).expect(200)).body);
    expect(listed.map((s) => s._id)).not.toContain(cafeLunch.id);
    notFoundAnswer(await t.http.put(`/api/schedules/${cafeLunch.id}`).set(lobbyOnly.auth).send(entry({ groups: [w.lobbyGroup.id] })), 'Zamanlama');
    notFoundAnswer(await t.http.delete(`/api/schedules/${cafeLunch.id}`).set(lobbyOnly.auth), 'Zamanlama');
    expect(await t.ctx.db.schedule.count({ where: { id: cafeLunch.id } })).toBe(1);
    expect(ZSchedule.array().parse((await t.http.get('/api/schedules').set(owner.auth).expect(200)).body).map((s) => s._id)).toContain(cafeLunch.id);
  });
});

describe('screen groups decide the scope: nobody widens it by redrawing them', () => {
  it('a limited member cannot create, change or delete groups (403); nothing changes', async () => {
    const message = 'Ekran gruplarıyla sınırlı olduğunuz için ekran grubu oluşturamaz, değiştiremez ya da silemezsiniz: gruplar kimin hangi ekranları gördüğünü belirler.';
    const before = await t.ctx.db.screenGroup.findMany({ where: { ownerId: owner.id }, include: { members: true }, orderBy: { id: 'asc' } });
    for (const res of [
      await t.http.put(`/api/screen-groups/${w.lobbyGroup.id}`).set(lobbyOnly.auth).send({ name: 'Giriş', screenIds: [w.lobby.id, w.cafe.id] }),
      await t.http.post('/api/screen-groups').set(lobbyOnly.auth).send({ name: 'Yeni', screenIds: [w.lobby.id] }),
      await t.http.delete(`/api/screen-groups/${w.lobbyGroup.id}`).set(lobbyOnly.auth),
    ]) expect([res.status, res.body.message]).toEqual([403, message]);
    expect(await t.ctx.db.screenGroup.findMany({ where: { ownerId: owner.id }, include: { members: true }, orderBy: { id: 'asc' } })).toEqual(before);
    // Reading them stays.
    await t.http.get('/api/screen-groups').set(lobbyOnly.auth).expect(200);
  });

  it("a limited member reads only their own groups, and of a group's schedules only those within their scope", async () => {
    const list = ZScreenGroup.array().parse((await t.http.get('/api/screen-groups').set(lobbyOnly.auth).expect(200)).body);
    expect(list.map((g) => [g.name, g.screens.map((x) => x.name)])).toEqual([['Giriş', ['Lobi']]]);
    // The owner still sees every group.
    const all = ZScreenGroup.array().parse((await t.http.get('/api/screen-groups').set(owner.auth).expect(200)).body);
    expect(all.map((g) => g._id)).toEqual(expect.arrayContaining([w.lobbyGroup.id, w.cafeGroup.id]));

    const own = await makeSchedule(t, owner.id, { name: 'Giriş öğle', playlistId: w.playlist.id, groupIds: [w.lobbyGroup.id] });
    const wide = await makeSchedule(t, owner.id, { name: 'Her yer', playlistId: w.playlist.id, groupIds: [w.lobbyGroup.id, w.cafeGroup.id] });
    const usage = ZScreenGroupUsage.parse((await t.http.get(`/api/screen-groups/${w.lobbyGroup.id}/usage`).set(lobbyOnly.auth).expect(200)).body);
    // (Entries made by earlier tests of this file name the group too.)
    expect(usage.schedules.map((x) => x._id)).toContain(own.id);
    expect(usage.schedules.map((x) => x._id)).not.toContain(wide.id);
    const ownerUsage = ZScreenGroupUsage.parse((await t.http.get(`/api/screen-groups/${w.lobbyGroup.id}/usage`).set(owner.auth).expect(200)).body);
    expect(ownerUsage.schedules.map((x) => x._id)).toEqual(expect.arrayContaining([own.id, wide.id]));
    notFoundAnswer(await t.http.get(`/api/screen-groups/${w.cafeGroup.id}/usage`).set(lobbyOnly.auth), 'Ekran grubu');
    await t.ctx.db.schedule.deleteMany({ where: { id: { in: [own.id, wide.id] } } });
  });

  it("a member narrowed to the group while it is being deleted: the deletion waits and is refused", async () => {
    const a = await makeGroup(t, owner.id, 'Yarış A', [w.lobby.id]);
    const b = await makeGroup(t, owner.id, 'Yarış B', [w.cafe.id]);
    const member = await newMember(t, owner.id, 'viewer', [a.id, b.id]);
    const row = await t.ctx.db.membership.findFirstOrThrow({ where: { accountId: owner.id, userId: member.id } });
    // A member change in progress (as team.service.ts makes it, under the account's lock): A only.
    const change = await heldTransaction(t.ctx.db, async (tx) => {
      await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${owner.id} FOR UPDATE`;
      await tx.membershipGroup.deleteMany({ where: { membershipId: row.id, groupId: b.id } });
    });
    const deletion = t.http.delete(`/api/screen-groups/${a.id}`).set(owner.auth).then((r) => r);
    // The deletion waits on the change's transaction (wherever it waits), then the change commits.
    await change.someoneWaits();
    await change.release();
    const res = await deletion;
    expect(res.status).toBe(409);
    expect(await t.ctx.db.screenGroup.count({ where: { id: a.id } })).toBe(1);
    expect(await t.ctx.db.membershipGroup.count({ where: { membershipId: row.id } })).toBe(1);
  });

  it("deleting a member's only group is refused (they would see every screen); a group beside others goes", async () => {
    const a = await makeGroup(t, owner.id, 'Tek', [w.lobby.id]);
    const b = await makeGroup(t, owner.id, 'Yan', [w.cafe.id]);
    const onlyA = await newMember(t, owner.id, 'viewer', [a.id]);
    const user = await t.ctx.db.user.findUniqueOrThrow({ where: { id: onlyA.id } });
    const res = await t.http.delete(`/api/screen-groups/${a.id}`).set(owner.auth);
    expect([res.status, res.body.message]).toEqual([409,
      `Bu grup ${user.firstName} ${user.lastName} için tek ekran grubu; silinirse tüm ekranları görürlerdi. Önce Ekip sayfasında gruplarını değiştirin.`]);
    expect(await t.ctx.db.screenGroup.count({ where: { id: a.id } })).toBe(1);
    // With a second group, deleting the first leaves them limited to the second.
    const row = await t.ctx.db.membership.findFirstOrThrow({ where: { accountId: owner.id, userId: onlyA.id } });
    await t.ctx.db.membershipGroup.create({ data: { membershipId: row.id, groupId: b.id } });
    await t.http.delete(`/api/screen-groups/${a.id}`).set(owner.auth).expect(200);
    const list = ZScreen.array().parse((await t.http.get('/api/screens').set(onlyA.auth).expect(200)).body);
    expect(list.map((s) => s.name)).toEqual(['Kafeterya']);
  });
});

describe("the account's own settings reach every screen: not for a limited admin", () => {
  it('refuses the display and health settings, the name and the sign-in rules (403); nothing changes', async () => {
    const limitedAdmin = await newMember(t, owner.id, 'admin', [w.lobbyGroup.id]);
    const message = 'Ekran gruplarıyla sınırlı olduğunuz için hesabın genel ayarlarını değiştiremezsiniz: bu ayarlar hesabın tüm ekranlarını etkiler. Tüm ekranları gören bir yönetici değiştirebilir.';
    const account = () => t.ctx.db.account.findUniqueOrThrow({ where: { id: owner.id } });
    const settings = async () => ({
      display: await t.ctx.db.displaySettings.findMany({ where: { ownerId: owner.id } }),
      health: await t.ctx.db.healthSettings.findMany({ where: { ownerId: owner.id } }),
    });
    const [beforeAccount, beforeSettings] = [await account(), await settings()];
    for (const res of [
      await t.http.put('/api/settings').set(limitedAdmin.auth).send({ barHeight: '64' }),
      await t.http.put('/api/settings/health').set(limitedAdmin.auth).send({ warnMinutes: '30' }),
      await t.http.put('/api/team').set(limitedAdmin.auth).send({ name: 'Başka Ad' }),
      await t.http.put('/api/team/settings').set(limitedAdmin.auth).send({ twoFactorRequired: true }),
    ]) expect([res.status, res.body.message]).toEqual([403, message]);
    expect(await account()).toEqual(beforeAccount);
    expect(await settings()).toEqual(beforeSettings);
    // Reading them stays; an admin who sees every screen changes them.
    await t.http.get('/api/settings').set(limitedAdmin.auth).expect(200);
    await t.http.get('/api/team/settings').set(limitedAdmin.auth).expect(200);
    const fullAdmin = await newMember(t, owner.id, 'admin');
    await t.http.put('/api/settings/health').set(fullAdmin.auth).send({ warnMinutes: '30' }).expect(200);
  });
});
