import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZAlert, ZAlertTemplate } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeGroup, makeMedia, makeScreen, recordingNotifier } from '../screens/content.fixtures.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const ref = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
const create = (u: TestUser, body: object) => t.http.post('/api/alert-templates').set(u.auth).send(body);
const sendTemplate = (u: TestUser, id: string, body?: object) => t.http.post(`/api/alert-templates/${id}/send`).set(u.auth).send(body);
const targetsOf = async (alertId: string) =>
  (await t.ctx.db.alertTarget.findMany({ where: { alertId }, select: { screenId: true } })).map((x) => x.screenId).sort();

describe('alert templates', () => {
  it('creates, lists by name, replaces and deletes a template with its default targets', async () => {
    const u = await newCustomer(t);
    const lobi = await makeScreen(t, u.id, { name: 'Lobi' });
    const floor = await makeGroup(t, u.id, 'Kat 3', [lobi.id]);
    const image = await makeMedia(t, u.id, 'image', 'Plan');

    const res = await create(u, { name: 'Yangın Tahliye', title: 'YANGIN', message: 'Binayı terk edin', untilEnded: true, sound: true, all: true, mediaId: image.id });
    expect(res.status).toBe(201);
    const fire = ZAlertTemplate.parse(res.body);
    expect(fire).toMatchObject({
      name: 'Yangın Tahliye', title: 'YANGIN', durationMinutes: null, sound: true, all: true, screens: [], groups: [],
      background: '#B91C1C', textColor: '#FFFFFF', media: ref(image),
    });
    const blue = ZAlertTemplate.parse((await create(u, { name: 'Kod Mavi', title: 'Kod Mavi', message: '3. kat', groups: [floor.id], screens: [lobi.id] })).body);
    expect(blue).toMatchObject({ durationMinutes: 30, all: false, groups: [ref(floor)], screens: [ref(lobi)] });

    const list = await t.http.get('/api/alert-templates').set(u.auth);
    expect(ZAlertTemplate.array().parse(list.body).map((x) => x.name)).toEqual(['Kod Mavi', 'Yangın Tahliye']);

    const put = await t.http.put(`/api/alert-templates/${blue._id}`).set(u.auth)
      .send({ name: 'Kod Mavi', title: 'Kod Mavi', message: '4. kat', durationMinutes: 10, groups: [floor.id] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ message: '4. kat', durationMinutes: 10, groups: [ref(floor)], screens: [] });

    expect((await create(u, { name: 'Kod Mavi', title: 'x', message: 'x' })).body).toEqual({ code: 'CONFLICT', message: 'Bu adda bir şablonunuz zaten var' });

    const del = await t.http.delete(`/api/alert-templates/${fire._id}`).set(u.auth);
    expect(del.body).toEqual({ message: 'Şablon silindi' });
    expect((await t.http.get('/api/alert-templates').set(u.auth)).body.map((x: { name: string }) => x.name)).toEqual(['Kod Mavi']);
    expect(notifier.calls).toEqual([]);
  });

  it.each([
    [{ title: 'x', message: 'x' }, 'Lütfen şablon adını girin'],
    [{ name: 'Ş', message: 'x' }, 'Lütfen duyuru başlığını girin'],
    [{ name: 'Ş', title: 'x', message: 'x', background: 'url(x)' }, 'Arka plan rengi #RRGGBB biçiminde olmalıdır (ör. #B91C1C)'],
    [{ name: 'Ş', title: 'x', message: 'x', untilEnded: true, durationMinutes: 5 }, 'Süre ile "sonlandırılana kadar" birlikte seçilemez'],
    [{ name: 'Ş', title: 'x', message: 'x', targets: [] }, 'Tanınmayan alan gönderildi'],
  ])('rejects %j with 400 in Turkish and writes nothing', async (body, message) => {
    const u = await newCustomer(t);
    const res = await create(u, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await t.ctx.db.alertTemplate.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('another customer\'s screens, groups, images and templates answer 404', async () => {
    const u = await newCustomer(t);
    const stranger = await newCustomer(t);
    const theirScreen = await makeScreen(t, stranger.id);
    const theirGroup = await makeGroup(t, stranger.id, 'Kat');
    const theirImage = await makeMedia(t, stranger.id);
    const theirs = (await create(stranger, { name: 'Onların', title: 'x', message: 'x', screens: [theirScreen.id] })).body;
    for (const [extra, message] of [
      [{ screens: [theirScreen.id] }, 'Ekran bulunamadı'],
      [{ groups: [theirGroup.id] }, 'Ekran grubu bulunamadı'],
      [{ mediaId: theirImage.id }, 'Medya bulunamadı'],
    ] as const) {
      expect((await create(u, { name: 'Ş', title: 'x', message: 'x', ...extra })).body).toEqual({ code: 'NOT_FOUND', message });
    }
    expect(await t.ctx.db.alertTemplate.count({ where: { ownerId: u.id } })).toBe(0);
    const body = { name: 'Benim', title: 'x', message: 'x' };
    for (const id of [theirs._id, randomUUID()]) {
      expect((await t.http.put(`/api/alert-templates/${id}`).set(u.auth).send(body)).body).toEqual({ code: 'NOT_FOUND', message: 'Şablon bulunamadı' });
      expect((await t.http.delete(`/api/alert-templates/${id}`).set(u.auth)).status).toBe(404);
      expect((await sendTemplate(u, id)).status).toBe(404);
    }
    expect(await t.ctx.db.alert.count({ where: { ownerId: { in: [u.id, stranger.id] } } })).toBe(0);
    expect((await t.http.get('/api/alert-templates').set(stranger.auth)).body[0].name).toBe('Onların');
  });

  it('402 without a running package', async () => {
    const lapsed = await newUser(t);
    expect((await t.http.get('/api/alert-templates').set(lapsed.auth)).status).toBe(402);
    expect((await create(lapsed, { name: 'Ş', title: 'x', message: 'x' })).status).toBe(402);
  });
});

describe('POST /api/alert-templates/{id}/send', () => {
  it('sends with one click to the template\'s targets, resolved from its groups; its duration and content carried', async () => {
    const u = await newCustomer(t, { maxScreens: 5 });
    const a = await makeScreen(t, u.id);
    const b = await makeScreen(t, u.id);
    const c = await makeScreen(t, u.id);
    const floor = await makeGroup(t, u.id, 'Kat 3', [a.id, b.id]);
    const tpl = (await create(u, { name: 'Kod Mavi', title: 'Kod Mavi', message: '3. kat', durationMinutes: 15, groups: [floor.id], textColor: '#FFFF00' })).body;

    const res = await sendTemplate(u, tpl._id);
    expect(res.status).toBe(201);
    const alert = ZAlert.parse(res.body);
    expect(alert).toMatchObject({ title: 'Kod Mavi', message: '3. kat', textColor: '#FFFF00', groups: [floor.id], targetCount: 2, createdBy: { kind: 'user', _id: u.id } });
    expect(Date.parse(alert.endsAt!) - Date.parse(alert.startedAt)).toBe(15 * 60_000);
    expect(await targetsOf(alert._id)).toEqual([a.id, b.id].sort());
    expect(notifier.calls).toEqual([[a.id, b.id].sort()]);

    // Targets given at send replace the template's.
    const other = await sendTemplate(u, tpl._id, { screens: [c.id] });
    expect(other.status).toBe(201);
    expect(await targetsOf(other.body._id)).toEqual([c.id]);
    const all = await sendTemplate(u, tpl._id, { all: true });
    expect(all.body.targetCount).toBe(3);
  });

  it('a template without targets, or whose targets were all deleted, answers 400 unless targets are given', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const gone = await makeScreen(t, u.id);
    const bare = (await create(u, { name: 'Boş', title: 'Tatbikat', message: 'x', untilEnded: true })).body;
    const stale = (await create(u, { name: 'Eski', title: 'Tatbikat', message: 'x', screens: [gone.id] })).body;
    await t.ctx.db.screen.delete({ where: { id: gone.id } });

    for (const id of [bare._id, stale._id]) {
      const res = await sendTemplate(u, id);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Lütfen tüm ekranları, en az bir ekran veya ekran grubu seçin' });
    }
    expect(await t.ctx.db.alert.count({ where: { ownerId: u.id } })).toBe(0);

    const res = await sendTemplate(u, bare._id, { screens: [a.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ endsAt: null, targetCount: 1 });
    expect((await sendTemplate(u, bare._id, { screens: ['abc'] })).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Geçersiz kimlik' });
    const stranger = await newCustomer(t);
    expect((await sendTemplate(u, bare._id, { screens: [(await makeScreen(t, stranger.id)).id] })).status).toBe(404);
  });
});
