import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZScreen, ZScreenGroup, ZScreenGroupUsage } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import {
  makeGroup, makeMedia, makePlaylist, makeSchedule, makeScreen, recordingNotifier,
} from '../screens/content.fixtures.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const ref = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
const members = async (groupId: string) =>
  (await t.ctx.db.screenGroupMember.findMany({ where: { groupId }, select: { screenId: true } })).map((m) => m.screenId).sort();
const playlistOf = async (u: TestUser) => makePlaylist(t, u.id, [{ mediaId: (await makeMedia(t, u.id)).id }], 'Öğle Menüsü');

describe('POST /api/screen-groups and GET /api/screen-groups', () => {
  it('creates a group of the caller\'s screens, lists it with its screens by name; pushes nothing', async () => {
    const u = await newCustomer(t);
    const kasa = await makeScreen(t, u.id, { name: 'Kasa' });
    const giris = await makeScreen(t, u.id, { name: 'Giriş' });

    const res = await t.http.post('/api/screen-groups').set(u.auth).send({ name: ' Kat 1 ', screenIds: [kasa.id, giris.id, kasa.id] });
    expect(res.status).toBe(201);
    const group = ZScreenGroup.parse(res.body);
    expect(group).toEqual({ _id: group._id, name: 'Kat 1', screens: [ref(giris), ref(kasa)] });
    expect(await members(group._id)).toEqual([kasa.id, giris.id].sort());

    const empty = await t.http.post('/api/screen-groups').set(u.auth).send({ name: 'Kafeterya' });
    expect(empty.status).toBe(201);
    expect(empty.body.screens).toEqual([]);

    const list = await t.http.get('/api/screen-groups').set(u.auth);
    expect(list.status).toBe(200);
    expect(ZScreenGroup.array().parse(list.body).map((g) => g.name)).toEqual(['Kafeterya', 'Kat 1']);
    expect(notifier.calls).toEqual([]);
  });

  it('a screen may be in several groups; GET /api/screens names each screen\'s groups', async () => {
    const u = await newCustomer(t);
    const lobi = await makeScreen(t, u.id, { name: 'Lobi' });
    const kafe = await makeScreen(t, u.id, { name: 'Kafe' });
    const kat = await makeGroup(t, u.id, 'Kat 1', [lobi.id, kafe.id]);
    const acil = await makeGroup(t, u.id, 'Acil Servis', [lobi.id]);

    const screens = ZScreen.array().parse((await t.http.get('/api/screens').set(u.auth)).body);
    expect(screens.map((s) => [s.name, s.groups])).toEqual([
      ['Lobi', [ref(acil), ref(kat)]],
      ['Kafe', [ref(kat)]],
    ]);
  });

  it('refuses a name the customer already uses with 409 in Turkish; another customer may use it', async () => {
    const u = await newCustomer(t);
    await makeGroup(t, u.id, 'Kat 1');
    const res = await t.http.post('/api/screen-groups').set(u.auth).send({ name: 'Kat 1' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'CONFLICT', message: 'Bu adda bir ekran grubunuz zaten var' });
    expect(await t.ctx.db.screenGroup.count({ where: { ownerId: u.id } })).toBe(1);

    const other = await newCustomer(t);
    expect((await t.http.post('/api/screen-groups').set(other.auth).send({ name: 'Kat 1' })).status).toBe(201);
  });

  it.each([
    [{}, 'Lütfen grup adını girin'],
    [{ name: '   ' }, 'Lütfen grup adını girin'],
    [{ name: 'x'.repeat(101) }, 'En fazla 100 karakter girilebilir'],
    [{ name: 'Kat', screenIds: 'abc' }, 'Geçersiz ekran listesi'],
    [{ name: 'Kat', screenIds: ['abc'] }, 'Geçersiz kimlik'],
    [{ name: 'Kat', colour: 'red' }, 'Tanınmayan alan gönderildi'],
  ])('rejects %j with 400 in Turkish and writes nothing', async (body, message) => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/screen-groups').set(u.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await t.ctx.db.screenGroup.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('another customer\'s screen (or an unknown id) answers 404 and creates nothing', async () => {
    const u = await newCustomer(t);
    const stranger = await newCustomer(t);
    const theirs = await makeScreen(t, stranger.id);
    const mine = await makeScreen(t, u.id);
    for (const id of [theirs.id, randomUUID()]) {
      const res = await t.http.post('/api/screen-groups').set(u.auth).send({ name: 'Kat', screenIds: [mine.id, id] });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Ekran bulunamadı' });
    }
    expect(await t.ctx.db.screenGroup.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('401 without a token, 402 without a running package; an admin needs none', async () => {
    expect((await t.http.get('/api/screen-groups')).status).toBe(401);
    const expired = await newUser(t);
    await t.ctx.db.purchase.create({
      data: {
        userId: expired.id, accountId: expired.id, provider: 'test', status: 'completed', amount: 1, packageName: 'Eski', durationDays: 1,
        maxMediaUploadGb: 1, maxScreens: 1, maxPlaylists: 1, completedAt: new Date(Date.now() - 3 * 86_400_000),
        expiresAt: new Date(Date.now() - 86_400_000),
      },
    });
    for (const u of [await newUser(t), expired]) {
      expect((await t.http.get('/api/screen-groups').set(u.auth)).status).toBe(402);
      const res = await t.http.post('/api/screen-groups').set(u.auth).send({ name: 'Kat' });
      expect(res.body.code).toBe('PACKAGE_REQUIRED');
      expect(await t.ctx.db.screenGroup.count({ where: { ownerId: u.id } })).toBe(0);
    }
    const admin = await newAdmin(t);
    expect((await t.http.post('/api/screen-groups').set(admin.auth).send({ name: 'Kat' })).status).toBe(201);
  });
});

describe('PUT /api/screen-groups/{id}', () => {
  it('renames and replaces members; pushes only the screens whose schedules change, once', async () => {
    const u = await newCustomer(t, { maxScreens: 5 });
    const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((name) => makeScreen(t, u.id, { name })));
    const group = await makeGroup(t, u.id, 'Kat 1', [a!.id, b!.id, d!.id]);
    // d is also named directly by the same schedule: leaving the group changes nothing for it.
    await makeSchedule(t, u.id, { playlistId: (await playlistOf(u)).id, groupIds: [group.id], screenIds: [d!.id] });

    const renamed = await t.http.put(`/api/screen-groups/${group.id}`).set(u.auth).send({ name: 'Kat 2' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Kat 2');
    expect(renamed.body.screens.map((s: { name: string }) => s.name)).toEqual(['A', 'B', 'D']);
    expect(notifier.calls).toEqual([]);

    const res = await t.http.put(`/api/screen-groups/${group.id}`).set(u.auth).send({ screenIds: [b!.id, c!.id] });
    expect(res.status).toBe(200);
    expect(ZScreenGroup.parse(res.body)).toEqual({ _id: group.id, name: 'Kat 2', screens: [ref(b!), ref(c!)] });
    expect(await members(group.id)).toEqual([b!.id, c!.id].sort());
    expect(notifier.calls).toEqual([[a!.id, c!.id].sort()]);
  });

  it('a group no schedule names changes no screen when its members change', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const group = await makeGroup(t, u.id, 'Boşta');
    expect((await t.http.put(`/api/screen-groups/${group.id}`).set(u.auth).send({ screenIds: [a.id] })).status).toBe(200);
    expect(notifier.calls).toEqual([]);
  });

  it('400 for an empty body or unknown field, 409 for a taken name, 404 for others\' ids; nothing written', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const group = await makeGroup(t, u.id, 'Kat 1', [a.id]);
    await makeGroup(t, u.id, 'Kat 2');
    const put = (body: object, id = group.id, who = u) => t.http.put(`/api/screen-groups/${id}`).set(who.auth).send(body);

    expect((await put({})).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Lütfen grup adını girin veya ekranları seçin' });
    expect((await put({ name: 'X', screens: [] })).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Tanınmayan alan gönderildi' });
    expect((await put({ name: 'Kat 2' })).body).toEqual({ code: 'CONFLICT', message: 'Bu adda bir ekran grubunuz zaten var' });

    const stranger = await newCustomer(t);
    const theirs = await makeScreen(t, stranger.id);
    expect((await put({ screenIds: [theirs.id] })).body).toEqual({ code: 'NOT_FOUND', message: 'Ekran bulunamadı' });
    expect((await put({ name: 'Benim' }, group.id, stranger)).body).toEqual({ code: 'NOT_FOUND', message: 'Ekran grubu bulunamadı' });
    expect((await put({ name: 'Benim' }, randomUUID())).status).toBe(404);

    expect(await t.ctx.db.screenGroup.findUniqueOrThrow({ where: { id: group.id } })).toMatchObject({ name: 'Kat 1' });
    expect(await members(group.id)).toEqual([a.id]);
    expect(notifier.calls).toEqual([]);
  });
});

describe('DELETE /api/screen-groups/{id} and its usage', () => {
  it('usage names the schedules targeting it; delete removes memberships and its place in schedules, pushes its members', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id, { name: 'A' });
    const b = await makeScreen(t, u.id, { name: 'B' });
    const group = await makeGroup(t, u.id, 'Kafeterya', [a.id, b.id]);
    const p = await playlistOf(u);
    const lunch = await makeSchedule(t, u.id, { name: 'Öğle', playlistId: p.id, groupIds: [group.id], screenIds: [b.id] });
    const evening = await makeSchedule(t, u.id, { name: 'Akşam', playlistId: p.id, groupIds: [group.id] });

    const usage = await t.http.get(`/api/screen-groups/${group.id}/usage`).set(u.auth);
    expect(usage.status).toBe(200);
    expect(ZScreenGroupUsage.parse(usage.body)).toEqual({ schedules: [ref(evening), ref(lunch)] });

    const stranger = await newCustomer(t);
    expect((await t.http.get(`/api/screen-groups/${group.id}/usage`).set(stranger.auth)).status).toBe(404);
    expect((await t.http.delete(`/api/screen-groups/${group.id}`).set(stranger.auth)).body)
      .toEqual({ code: 'NOT_FOUND', message: 'Ekran grubu bulunamadı' });
    expect(notifier.calls).toEqual([]);

    const res = await t.http.delete(`/api/screen-groups/${group.id}`).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Ekran grubu silindi' });
    expect(await t.ctx.db.screenGroup.count({ where: { id: group.id } })).toBe(0);
    expect(await members(group.id)).toEqual([]);
    expect(await t.ctx.db.scheduleGroup.count({ where: { groupId: group.id } })).toBe(0);
    // Both schedules stay; b loses "Akşam" (it kept "Öğle" directly), a loses both.
    expect(await t.ctx.db.schedule.count({ where: { id: { in: [lunch.id, evening.id] } } })).toBe(2);
    expect(notifier.calls).toEqual([[a.id, b.id].sort()]);
    expect((await t.http.delete(`/api/screen-groups/${group.id}`).set(u.auth)).status).toBe(404);
  });

  it('deleting a screen removes its memberships', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const group = await makeGroup(t, u.id, 'Kat', [a.id]);
    expect((await t.http.delete(`/api/screens/${a.id}`).set(u.auth)).status).toBe(200);
    expect(await members(group.id)).toEqual([]);
    expect((await t.http.get('/api/screen-groups').set(u.auth)).body).toEqual([{ _id: group.id, name: 'Kat', screens: [] }]);
  });
});
