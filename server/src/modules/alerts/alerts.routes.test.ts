import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZAlert, ZAlertDetail } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeGroup, makeMedia, makeScreen, recordingNotifier } from '../screens/content.fixtures.js';
import { activeAlertsForScreens } from '../screens/screen-alerts.js';

let t: TestApp;
const notifier = recordingNotifier();
/** Screens a test declares online, as the realtime layer's presence would report them. */
const online = new Set<string>();
beforeAll(async () => {
  t = await createTestApp({
    notifier,
    presence: {
      onlineScreenIds: async () => new Set(online),
      onlineDeviceIds: async () => new Set(),
    },
  });
});
afterAll(async () => { await t.close(); });
beforeEach(() => { notifier.reset(); online.clear(); });

const send = (u: TestUser, body: object) => t.http.post('/api/alerts').set(u.auth).send(body);
const targetsOf = async (alertId: string) =>
  (await t.ctx.db.alertTarget.findMany({ where: { alertId }, select: { screenId: true } })).map((x) => x.screenId).sort();
const sorted = (...ids: string[]) => [...ids].sort();
const MIN = 60_000;

describe('POST /api/alerts', () => {
  it('sends to a group and a screen: targets resolved once, readable defaults, sender recorded, targets pushed', async () => {
    const u = await newCustomer(t, { maxScreens: 5 });
    const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((name) => makeScreen(t, u.id, { name })));
    const floor = await makeGroup(t, u.id, 'Kat 3', [a!.id, b!.id]);

    const before = Date.now();
    const res = await send(u, { title: 'Kod Mavi', message: '3. kat', groups: [floor.id], screens: [b!.id, c!.id, c!.id] });
    expect(res.status).toBe(201);
    const alert = ZAlert.parse(res.body);
    expect(alert).toMatchObject({
      title: 'Kod Mavi', message: '3. kat', background: '#B91C1C', textColor: '#FFFFFF', sound: false, media: null,
      all: false, screens: [b!.id, c!.id], groups: [floor.id], targetCount: 3, acknowledgedCount: 0, active: true,
      endedAt: null, endedBy: null, createdBy: { kind: 'user', _id: u.id, name: 'Test Kullanıcı' },
    });
    // Thirty minutes unless told otherwise.
    const started = Date.parse(alert.startedAt);
    expect(started).toBeGreaterThanOrEqual(before);
    expect(Date.parse(alert.endsAt!) - started).toBe(30 * MIN);
    expect(await targetsOf(alert._id)).toEqual(sorted(a!.id, b!.id, c!.id));
    expect(notifier.calls).toEqual([sorted(a!.id, b!.id, c!.id)]);
    // The sender's open /alerts pages are told (alert:changed).
    expect(notifier.alerts).toEqual([`${u.id} ${alert._id}`]);
    expect(d).toBeDefined();
  });

  it('all: every screen of the sender (none of another customer\'s); a screen without a player is a target too', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const b = await makeScreen(t, u.id);
    const stranger = await newCustomer(t);
    await makeScreen(t, stranger.id);

    const res = await send(u, { title: 'Tahliye', message: 'Binayı terk edin', all: true, untilEnded: true, sound: true, background: '#000', textColor: '#ffcc00' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ all: true, targetCount: 2, endsAt: null, sound: true, background: '#000', textColor: '#ffcc00' });
    expect(await targetsOf(res.body._id)).toEqual(sorted(a.id, b.id));

    const five = await send(u, { title: 'Tatbikat', message: 'Beş dakika', screens: [a.id], durationMinutes: '5' });
    expect(Date.parse(five.body.endsAt) - Date.parse(five.body.startedAt)).toBe(5 * MIN);
  });

  it('shows one of the sender\'s own images', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const image = await makeMedia(t, u.id, 'image', 'Kaçış Planı');
    const res = await send(u, { title: 'Yangın', message: 'Merdivenleri kullanın', screens: [a.id], mediaId: image.id });
    expect(res.status).toBe(201);
    expect(res.body.media).toEqual({ _id: image.id, name: 'Kaçış Planı' });
  });

  it.each([
    [{ message: 'x', all: true }, 'Lütfen duyuru başlığını girin'],
    [{ title: '  ', message: 'x', all: true }, 'Lütfen duyuru başlığını girin'],
    [{ title: 'x'.repeat(101), message: 'x', all: true }, 'En fazla 100 karakter girilebilir'],
    [{ title: 'Kod', all: true }, 'Lütfen duyuru metnini girin'],
    [{ title: 'Kod', message: 'x' }, 'Lütfen tüm ekranları, en az bir ekran veya ekran grubu seçin'],
    [{ title: 'Kod', message: 'x', all: false, screens: [], groups: [] }, 'Lütfen tüm ekranları, en az bir ekran veya ekran grubu seçin'],
    [{ title: 'Kod', message: 'x', all: true, durationMinutes: 0 }, 'Süre 1 ile 1440 dakika arasında olmalıdır'],
    [{ title: 'Kod', message: 'x', all: true, durationMinutes: 1441 }, 'Süre 1 ile 1440 dakika arasında olmalıdır'],
    [{ title: 'Kod', message: 'x', all: true, durationMinutes: 2.5 }, 'Süre 1 ile 1440 dakika arasında olmalıdır'],
    [{ title: 'Kod', message: 'x', all: true, durationMinutes: 10, untilEnded: true }, 'Süre ile "sonlandırılana kadar" birlikte seçilemez'],
    [{ title: 'Kod', message: 'x', all: true, background: 'red' }, 'Arka plan rengi #RRGGBB biçiminde olmalıdır (ör. #B91C1C)'],
    [{ title: 'Kod', message: 'x', all: true, textColor: '#12345' }, 'Yazı rengi #RRGGBB biçiminde olmalıdır (ör. #B91C1C)'],
    [{ title: 'Kod', message: 'x', all: 'yes' }, 'Geçersiz değer'],
    [{ title: 'Kod', message: 'x', screens: ['abc'] }, 'Geçersiz kimlik'],
    [{ title: 'Kod', message: 'x', groups: 'abc' }, 'Geçersiz ekran grubu listesi'],
    [{ title: 'Kod', message: 'x', all: true, flash: true }, 'Tanınmayan alan gönderildi'],
  ])('rejects %j with 400 in Turkish and writes nothing', async (body, message) => {
    const u = await newCustomer(t);
    await makeScreen(t, u.id);
    const res = await send(u, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await t.ctx.db.alert.count({ where: { ownerId: u.id } })).toBe(0);
    expect(notifier.calls).toEqual([]);
  });

  it('targets that hold no screen (an empty group, a customer without screens) answer 400; a video 400', async () => {
    const u = await newCustomer(t);
    const empty = await makeGroup(t, u.id, 'Boş');
    for (const body of [{ groups: [empty.id] }, { all: true }]) {
      const res = await send(u, { title: 'Kod', message: 'x', ...body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Seçilen hedeflerde hiç ekran yok' });
    }
    const a = await makeScreen(t, u.id);
    const video = await makeMedia(t, u.id, 'video');
    expect((await send(u, { title: 'Kod', message: 'x', screens: [a.id], mediaId: video.id })).body)
      .toEqual({ code: 'VALIDATION_ERROR', message: 'Acil duyuruda yalnızca resim kullanılabilir' });
    expect(await t.ctx.db.alert.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('another customer\'s screen, group or image (or an unknown id) answers 404 and sends nothing', async () => {
    const u = await newCustomer(t);
    const mine = await makeScreen(t, u.id);
    const stranger = await newCustomer(t);
    const theirScreen = await makeScreen(t, stranger.id);
    const theirGroup = await makeGroup(t, stranger.id, 'Kat', [theirScreen.id]);
    const theirImage = await makeMedia(t, stranger.id);
    const cases: [object, string][] = [
      [{ screens: [mine.id, theirScreen.id] }, 'Ekran bulunamadı'],
      [{ screens: [randomUUID()] }, 'Ekran bulunamadı'],
      [{ groups: [theirGroup.id] }, 'Ekran grubu bulunamadı'],
      [{ screens: [mine.id], mediaId: theirImage.id }, 'Medya bulunamadı'],
    ];
    for (const [targets, message] of cases) {
      const res = await send(u, { title: 'Kod', message: 'x', ...targets });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message });
    }
    expect(await t.ctx.db.alert.count({ where: { ownerId: u.id } })).toBe(0);
    expect(notifier.calls).toEqual([]);
  });

  it('401 without a token, 402 without a running package; an admin needs none', async () => {
    expect((await t.http.post('/api/alerts').send({ title: 'Kod', message: 'x', all: true })).status).toBe(401);
    const lapsed = await newUser(t);
    await makeScreen(t, lapsed.id);
    const res = await send(lapsed, { title: 'Kod', message: 'x', all: true });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('PACKAGE_REQUIRED');
    expect((await t.http.get('/api/alerts').set(lapsed.auth)).status).toBe(402);
    expect(await t.ctx.db.alert.count({ where: { ownerId: lapsed.id } })).toBe(0);

    const admin = await newAdmin(t);
    await makeScreen(t, admin.id);
    expect((await send(admin, { title: 'Kod', message: 'x', all: true })).status).toBe(201);
  });
});

describe('GET /api/alerts and GET /api/alerts/{id}', () => {
  it('lists the active alerts first (newest first), then those that ended; another customer\'s are not there', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const first = (await send(u, { title: 'Bir', message: 'x', screens: [a.id] })).body;
    const expired = (await send(u, { title: 'İki', message: 'x', screens: [a.id], durationMinutes: 1 })).body;
    const third = (await send(u, { title: 'Üç', message: 'x', screens: [a.id], untilEnded: true })).body;
    await t.ctx.db.alert.update({ where: { id: expired._id }, data: { endsAt: new Date(Date.now() - 1000) } });
    const stranger = await newCustomer(t);
    await send(stranger, { title: 'Başka', message: 'x', screens: [(await makeScreen(t, stranger.id)).id] });

    const res = await t.http.get('/api/alerts').set(u.auth);
    expect(res.status).toBe(200);
    const list = ZAlert.array().parse(res.body);
    expect(list.map((x) => [x.title, x.active])).toEqual([['Üç', true], ['Bir', true], ['İki', false]]);
    // An alert past its time ended then, though nobody ended it.
    expect(list[2]).toMatchObject({ endedAt: (await t.ctx.db.alert.findUniqueOrThrow({ where: { id: expired._id } })).endsAt!.toISOString(), endedBy: null });
    expect([first._id, third._id]).toEqual([list[1]!._id, list[0]!._id]);
  });

  it('names every target with its acknowledgement and online state, the unconfirmed first', async () => {
    const u = await newCustomer(t, { maxScreens: 5 });
    const lobi = await makeScreen(t, u.id, { name: 'Lobi' });
    const kafe = await makeScreen(t, u.id, { name: 'Kafe' });
    const asansor = await makeScreen(t, u.id, { name: 'Asansör' });
    const depo = await makeScreen(t, u.id, { name: 'Depo' });
    const alert = (await send(u, { title: 'Kod Mavi', message: 'x', screens: [lobi.id, kafe.id, asansor.id, depo.id] })).body;
    const device = await t.ctx.db.device.create({ data: { ownerId: u.id, screenId: lobi.id } });
    const at = new Date();
    await t.ctx.db.alertAck.create({ data: { alertId: alert._id, screenId: lobi.id, deviceId: device.id, acknowledgedAt: at, latencyMs: 420 } });
    await t.ctx.db.alertAck.create({ data: { alertId: alert._id, screenId: depo.id, acknowledgedAt: at, latencyMs: 800 } });
    online.add(lobi.id).add(depo.id).add(kafe.id);

    const res = await t.http.get(`/api/alerts/${alert._id}`).set(u.auth);
    expect(res.status).toBe(200);
    const detail = ZAlertDetail.parse(res.body);
    expect(detail.acknowledgedCount).toBe(2);
    expect(detail.acks).toEqual({
      total: 4,
      acknowledged: 2,
      screens: [
        { _id: asansor.id, name: 'Asansör', online: false, acknowledgedAt: null, latencyMs: null },
        { _id: kafe.id, name: 'Kafe', online: true, acknowledgedAt: null, latencyMs: null },
        { _id: depo.id, name: 'Depo', online: true, acknowledgedAt: at.toISOString(), latencyMs: 800 },
        { _id: lobi.id, name: 'Lobi', online: true, acknowledgedAt: at.toISOString(), latencyMs: 420 },
      ],
    });
    expect((await t.http.get('/api/alerts').set(u.auth)).body[0].acknowledgedCount).toBe(2);
  });

  it('an acknowledgement counts once per screen and only for a targeted screen', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const b = await makeScreen(t, u.id);
    const alert = (await send(u, { title: 'Kod', message: 'x', screens: [a.id] })).body;
    const ack = (screenId: string) =>
      t.ctx.db.alertAck.create({ data: { alertId: alert._id, screenId, acknowledgedAt: new Date(), latencyMs: 100 } });
    await ack(a.id);
    await expect(ack(a.id)).rejects.toMatchObject({ code: 'P2002' });
    await expect(ack(b.id)).rejects.toMatchObject({ code: 'P2003' });
  });

  it('another customer\'s alert, an unknown id and a malformed one answer 404 / 400', async () => {
    const u = await newCustomer(t);
    const stranger = await newCustomer(t);
    const theirs = (await send(stranger, { title: 'Kod', message: 'x', screens: [(await makeScreen(t, stranger.id)).id] })).body;
    for (const id of [theirs._id, randomUUID()]) {
      expect((await t.http.get(`/api/alerts/${id}`).set(u.auth)).body).toEqual({ code: 'NOT_FOUND', message: 'Acil duyuru bulunamadı' });
      expect((await t.http.delete(`/api/alerts/${id}`).set(u.auth)).status).toBe(404);
    }
    expect((await t.http.get('/api/alerts/abc').set(u.auth)).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Geçersiz kimlik' });
    expect(await t.ctx.db.alert.findUniqueOrThrow({ where: { id: theirs._id } })).toMatchObject({ endedAt: null });
  });
});

describe('DELETE /api/alerts/{id}', () => {
  it('ends it now, records who ended it and pushes its targets; ending it again changes nothing', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const b = await makeScreen(t, u.id);
    const alert = (await send(u, { title: 'Kod', message: 'x', all: true, untilEnded: true })).body;
    notifier.reset();

    const res = await t.http.delete(`/api/alerts/${alert._id}`).set(u.auth);
    expect(res.status).toBe(200);
    const ended = ZAlert.parse(res.body);
    expect(ended).toMatchObject({ active: false, endedBy: { kind: 'user', _id: u.id } });
    expect(ended.endedAt).not.toBeNull();
    expect(notifier.calls).toEqual([sorted(a.id, b.id)]);
    expect(notifier.alerts).toEqual([`${u.id} ${alert._id}`]);

    notifier.reset();
    const again = await t.http.delete(`/api/alerts/${alert._id}`).set(u.auth);
    expect(again.status).toBe(200);
    expect(again.body.endedAt).toBe(ended.endedAt);
    expect(notifier.calls).toEqual([]);
    expect(notifier.alerts).toEqual([]);
    // Kept for the audit with its targets.
    expect(await targetsOf(alert._id)).toEqual(sorted(a.id, b.id));
  });
});

describe('activeAlertsForScreens (what the screen config will carry)', () => {
  it('per screen the active alerts, newest first, with the display fields; ended and expired ones left out', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const b = await makeScreen(t, u.id);
    const c = await makeScreen(t, u.id);
    const image = await makeMedia(t, u.id);
    const older = (await send(u, { title: 'Eski', message: 'x', screens: [a.id, b.id], untilEnded: true })).body;
    const newer = (await send(u, { title: 'Yeni', message: 'y', screens: [a.id], mediaId: image.id, sound: true })).body;
    await t.ctx.db.alert.update({ where: { id: older._id }, data: { startedAt: new Date(Date.now() - MIN) } });
    const ended = (await send(u, { title: 'Bitti', message: 'z', screens: [a.id, c.id] })).body;
    await t.http.delete(`/api/alerts/${ended._id}`).set(u.auth);
    const expired = (await send(u, { title: 'Süresi geçti', message: 'z', screens: [c.id] })).body;
    await t.ctx.db.alert.update({ where: { id: expired._id }, data: { endsAt: new Date(Date.now() - 1000) } });

    const byScreen = await activeAlertsForScreens(t.ctx.db, [a.id, b.id, c.id], new Date());
    expect(byScreen.get(a.id)?.map((x) => x.title)).toEqual(['Yeni', 'Eski']);
    expect(byScreen.get(a.id)?.[0]).toEqual({
      _id: newer._id, title: 'Yeni', message: 'y', background: '#B91C1C', textColor: '#FFFFFF',
      mediaPath: `/uploads/${image.fileName}`, sound: true, startedAt: newer.startedAt, endsAt: newer.endsAt,
    });
    expect(byScreen.get(b.id)?.map((x) => x._id)).toEqual([older._id]);
    expect(byScreen.has(c.id)).toBe(false);
  });
});
