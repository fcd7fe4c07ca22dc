import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZSchedule } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import {
  makeGroup, makeMedia, makePlaylist, makeSchedule, makeScreen, makeTicker, recordingNotifier,
} from '../screens/content.fixtures.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const ref = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
const sorted = (...ids: string[]) => [...ids].sort();

/** A customer with a playlist, a ticker, screens A, B, C and group 'Kafeterya' = {B, C}. */
async function world(u?: TestUser) {
  const user = u ?? await newCustomer(t, { maxScreens: 5 });
  const media = await makeMedia(t, user.id);
  const menu = await makePlaylist(t, user.id, [{ mediaId: media.id }], 'Öğle Menüsü');
  const ticker = await makeTicker(t, user.id, ['Afiyet olsun'], 3, 'Duyurular');
  const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((name) => makeScreen(t, user.id, { name })));
  const cafe = await makeGroup(t, user.id, 'Kafeterya', [b!.id, c!.id]);
  return { user, media, menu, ticker, a: a!, b: b!, c: c!, cafe };
}

const body = (w: Awaited<ReturnType<typeof world>>, extra: Record<string, unknown> = {}) => ({
  name: 'Öğle yemeği', playlist: w.menu.id, screens: [w.a.id], groups: [w.cafe.id],
  days: [5, 1, 3], startTime: '12:00', endTime: '13:30', ...extra,
});

const post = (u: TestUser, b: object) => t.http.post('/api/schedules').set(u.auth).send(b);
const countOf = (u: TestUser) => t.ctx.db.schedule.count({ where: { ownerId: u.id } });

describe('POST /api/schedules', () => {
  it('creates the entry with defaults and refs, and pushes every screen it reaches once', async () => {
    const w = await world();
    const res = await post(w.user, body(w));
    expect(res.status).toBe(201);
    const s = ZSchedule.parse(res.body);
    expect(s).toEqual({
      _id: s._id, name: 'Öğle yemeği', playlist: ref(w.menu), layout: null, directionPlaylist: null,
      screens: [ref(w.a)], groups: [ref(w.cafe)], days: [1, 3, 5], startTime: '12:00', endTime: '13:30',
      startDate: null, endDate: null, exceptDates: [], priority: 5, enabled: true,
      createdAt: s.createdAt, updatedAt: s.updatedAt,
    });
    expect(notifier.calls).toEqual([sorted(w.a.id, w.b.id, w.c.id)]);
  });

  it('keeps every optional field as sent: ticker, dates, exceptions (sorted), priority, disabled', async () => {
    const w = await world();
    const res = await post(w.user, body(w, {
      directionPlaylist: w.ticker.id, screens: [w.a.id, w.a.id], groups: [], startDate: '2026-12-01', endDate: '2026-12-31',
      exceptDates: ['2026-12-25', '2026-12-08'], priority: '9', enabled: false, startTime: '22:00', endTime: '02:00',
    }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      directionPlaylist: ref(w.ticker), screens: [ref(w.a)], groups: [], startDate: '2026-12-01', endDate: '2026-12-31',
      exceptDates: ['2026-12-08', '2026-12-25'], priority: 9, enabled: false, startTime: '22:00', endTime: '02:00',
    });
    expect(notifier.calls).toEqual([[w.a.id]]);
    const list = await t.http.get('/api/schedules').set(w.user.auth);
    expect(list.status).toBe(200);
    expect(ZSchedule.array().parse(list.body)).toEqual([res.body]);
  });

  it.each([
    [{ name: '  ' }, 'Lütfen zamanlama adını girin'],
    [{ name: 'x'.repeat(101) }, 'En fazla 100 karakter girilebilir'],
    [{ playlist: undefined }, 'Lütfen bir playlist ya da bir yerleşim seçiniz'],
    [{ playlist: 'abc' }, 'Geçersiz kimlik'],
    [{ screens: [], groups: [] }, 'Lütfen en az bir ekran veya ekran grubu seçin'],
    [{ screens: ['abc'] }, 'Geçersiz kimlik'],
    [{ days: [] }, 'Lütfen en az bir gün seçin'],
    [{ days: undefined }, 'Lütfen en az bir gün seçin'],
    [{ days: [0] }, 'Günler 1 (Pazartesi) ile 7 (Pazar) arasında olmalıdır'],
    [{ days: [8] }, 'Günler 1 (Pazartesi) ile 7 (Pazar) arasında olmalıdır'],
    [{ days: [1.5] }, 'Günler 1 (Pazartesi) ile 7 (Pazar) arasında olmalıdır'],
    [{ days: [2, 2] }, 'Bir gün birden fazla seçilemez'],
    [{ startTime: '24:00' }, 'Başlangıç saati SS:DD biçiminde olmalıdır (ör. 09:00)'],
    [{ startTime: '9:00' }, 'Başlangıç saati SS:DD biçiminde olmalıdır (ör. 09:00)'],
    [{ endTime: '12:60' }, 'Bitiş saati SS:DD biçiminde olmalıdır (ör. 09:00)'],
    [{ endTime: undefined }, 'Bitiş saati SS:DD biçiminde olmalıdır (ör. 09:00)'],
    [{ startDate: '2026-02-30' }, 'Geçersiz tarih: YYYY-AA-GG biçiminde girin (ör. 2026-01-31)'],
    [{ endDate: '31.12.2026' }, 'Geçersiz tarih: YYYY-AA-GG biçiminde girin (ör. 2026-01-31)'],
    [{ startDate: '2026-05-02', endDate: '2026-05-01' }, 'Bitiş tarihi başlangıç tarihinden önce olamaz'],
    [{ exceptDates: ['2026-13-01'] }, 'Geçersiz tarih: YYYY-AA-GG biçiminde girin (ör. 2026-01-31)'],
    [{ exceptDates: ['2026-05-01', '2026-05-01'] }, 'Bir tarih istisnalara birden fazla eklenemez'],
    [{ priority: 0 }, 'Öncelik 1 ile 10 arasında olmalıdır'],
    [{ priority: 11 }, 'Öncelik 1 ile 10 arasında olmalıdır'],
    [{ priority: 2.5 }, 'Öncelik 1 ile 10 arasında olmalıdır'],
    [{ enabled: 'evet' }, 'Geçersiz değer'],
    [{ color: 'red' }, 'Tanınmayan alan gönderildi'],
  ])('rejects %j with 400 in Turkish and writes nothing', async (change, message) => {
    const w = await world();
    const res = await post(w.user, body(w, change));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await countOf(w.user)).toBe(0);
    expect(notifier.calls).toEqual([]);
  });

  it('every id must be the caller\'s own: another customer\'s playlist, ticker, screen or group is 404', async () => {
    const w = await world();
    const other = await world();
    const cases: [Record<string, unknown>, string][] = [
      [{ playlist: other.menu.id }, 'Playlist bulunamadı'],
      [{ playlist: randomUUID() }, 'Playlist bulunamadı'],
      [{ directionPlaylist: other.ticker.id }, 'Reji playlisti bulunamadı'],
      [{ screens: [w.a.id, other.a.id] }, 'Ekran bulunamadı'],
      [{ groups: [other.cafe.id] }, 'Ekran grubu bulunamadı'],
    ];
    for (const [change, message] of cases) {
      const res = await post(w.user, body(w, change));
      expect(res.status, message).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message });
    }
    expect(await countOf(w.user)).toBe(0);
    expect(notifier.calls).toEqual([]);
  });

  it('needs a running package like an assignment: 401, 402 without or with an expired one; admins pass', async () => {
    expect((await t.http.get('/api/schedules')).status).toBe(401);
    const w = await world();
    // The package ends: the customer's content stays, but schedules can no longer be read or written.
    await t.ctx.db.purchase.updateMany({ where: { userId: w.user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await post(w.user, body(w));
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('PACKAGE_REQUIRED');
    expect((await t.http.get('/api/schedules').set(w.user.auth)).status).toBe(402);
    expect((await post(await newUser(t), body(w))).status).toBe(402);
    expect(await countOf(w.user)).toBe(0);

    const admin = await newAdmin(t);
    const own = await world(admin);
    expect((await post(admin, body(own))).status).toBe(201);
  });
});

describe('PUT /api/schedules/{id}', () => {
  it('replaces the entry and pushes the screens it reached and now reaches, once', async () => {
    const w = await world();
    const s = await makeSchedule(t, w.user.id, { playlistId: w.menu.id, groupIds: [w.cafe.id] });
    const res = await t.http.put(`/api/schedules/${s.id}`).set(w.user.auth)
      .send(body(w, { name: 'Akşam', screens: [w.a.id], groups: [], days: [6, 7], startTime: '18:00', endTime: '18:00', priority: 7 }));
    expect(res.status).toBe(200);
    expect(ZSchedule.parse(res.body)).toMatchObject({
      _id: s.id, name: 'Akşam', screens: [ref(w.a)], groups: [], days: [6, 7], startTime: '18:00', endTime: '18:00', priority: 7,
    });
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(s.updatedAt.getTime());
    expect(notifier.calls).toEqual([sorted(w.a.id, w.b.id, w.c.id)]);
    expect(await t.ctx.db.scheduleGroup.count({ where: { scheduleId: s.id } })).toBe(0);
  });

  it('another customer\'s entry is 404 and unchanged; a bad body is 400', async () => {
    const w = await world();
    const other = await world();
    const s = await makeSchedule(t, other.user.id, { playlistId: other.menu.id, screenIds: [other.a.id] });
    const res = await t.http.put(`/api/schedules/${s.id}`).set(w.user.auth).send(body(w));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Zamanlama bulunamadı' });
    // The owner may not point it at a stranger's screen either.
    expect((await t.http.put(`/api/schedules/${s.id}`).set(other.user.auth).send(body(other, { screens: [w.a.id] }))).status).toBe(404);
    expect((await t.http.put(`/api/schedules/${s.id}`).set(other.user.auth).send({ enabled: false })).status).toBe(400);
    expect(await t.ctx.db.schedule.findUniqueOrThrow({ where: { id: s.id } })).toMatchObject({ name: 'Öğle', enabled: true });
    expect(await t.ctx.db.scheduleScreen.count({ where: { scheduleId: s.id } })).toBe(1);
    expect(notifier.calls).toEqual([]);
  });
});

describe('DELETE /api/schedules/{id}', () => {
  it('deletes the entry, pushes what it reached once; another customer gets 404', async () => {
    const w = await world();
    const s = await makeSchedule(t, w.user.id, { playlistId: w.menu.id, screenIds: [w.a.id, w.b.id], groupIds: [w.cafe.id] });
    const stranger = await newCustomer(t);
    expect((await t.http.delete(`/api/schedules/${s.id}`).set(stranger.auth)).status).toBe(404);
    expect(notifier.calls).toEqual([]);

    const res = await t.http.delete(`/api/schedules/${s.id}`).set(w.user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Zamanlama silindi' });
    expect(notifier.calls).toEqual([sorted(w.a.id, w.b.id, w.c.id)]);
    expect(await countOf(w.user)).toBe(0);
    expect((await t.http.delete(`/api/schedules/${s.id}`).set(w.user.auth)).status).toBe(404);
  });
});

describe('schedules and the rows they name', () => {
  it('usage of a playlist and a ticker names the schedules playing them; of a screen, its groups and schedules', async () => {
    const w = await world();
    const lunch = await makeSchedule(t, w.user.id, { name: 'Öğle', playlistId: w.menu.id, tickerPlaylistId: w.ticker.id, screenIds: [w.a.id] });
    const evening = await makeSchedule(t, w.user.id, { name: 'Akşam', playlistId: w.menu.id, groupIds: [w.cafe.id] });

    expect((await t.http.get(`/api/playlists/${w.menu.id}/usage`).set(w.user.auth)).body)
      .toEqual({ screens: [], schedules: [ref(evening), ref(lunch)], layouts: [] });
    expect((await t.http.get(`/api/direction-playlists/${w.ticker.id}/usage`).set(w.user.auth)).body)
      .toEqual({ screens: [], schedules: [ref(lunch)], layouts: [] });
    expect((await t.http.get(`/api/screens/${w.a.id}/usage`).set(w.user.auth)).body)
      .toEqual({ devices: 0, groups: [], schedules: [ref(lunch)] });
    expect((await t.http.get(`/api/screens/${w.b.id}/usage`).set(w.user.auth)).body)
      .toEqual({ devices: 0, groups: [ref(w.cafe)], schedules: [] });
  });

  it('editing a scheduled playlist pushes the screens its schedules reach, once', async () => {
    const w = await world();
    await makeSchedule(t, w.user.id, { playlistId: w.menu.id, screenIds: [w.a.id, w.b.id], groupIds: [w.cafe.id] });
    const res = await t.http.put(`/api/playlists/${w.menu.id}`).set(w.user.auth).send({ mediaItems: [{ media: w.media.id, duration: 9 }] });
    expect(res.status).toBe(200);
    expect(notifier.calls).toEqual([sorted(w.a.id, w.b.id, w.c.id)]);
  });

  it('deleting a playlist deletes the schedules playing it and pushes their screens', async () => {
    const w = await world();
    const s = await makeSchedule(t, w.user.id, { playlistId: w.menu.id, groupIds: [w.cafe.id] });
    expect((await t.http.delete(`/api/playlists/${w.menu.id}`).set(w.user.auth)).status).toBe(200);
    expect(await t.ctx.db.schedule.count({ where: { id: s.id } })).toBe(0);
    expect(notifier.calls).toEqual([sorted(w.b.id, w.c.id)]);
  });

  it('deleting a ticker leaves the schedule playing its playlist without one, and pushes its screens', async () => {
    const w = await world();
    const s = await makeSchedule(t, w.user.id, { playlistId: w.menu.id, tickerPlaylistId: w.ticker.id, screenIds: [w.a.id] });
    expect((await t.http.delete(`/api/direction-playlists/${w.ticker.id}`).set(w.user.auth)).status).toBe(200);
    const [listed] = ZSchedule.array().parse((await t.http.get('/api/schedules').set(w.user.auth)).body);
    expect(listed).toMatchObject({ _id: s.id, playlist: ref(w.menu), directionPlaylist: null });
    expect(notifier.calls).toEqual([[w.a.id]]);
  });

  it('deleting a screen takes it out of the schedules naming it; the schedule stays', async () => {
    const w = await world();
    const s = await makeSchedule(t, w.user.id, { playlistId: w.menu.id, screenIds: [w.a.id], groupIds: [w.cafe.id] });
    expect((await t.http.delete(`/api/screens/${w.a.id}`).set(w.user.auth)).status).toBe(200);
    const [listed] = ZSchedule.array().parse((await t.http.get('/api/schedules').set(w.user.auth)).body);
    expect(listed).toMatchObject({ _id: s.id, screens: [], groups: [ref(w.cafe)] });
  });
});
