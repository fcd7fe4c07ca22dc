import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LAYOUT_TEMPLATES, ZAssignedUsage, ZLayout, ZLayoutTemplateList } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeLayout, makeMedia, makePlaylist, makeSchedule, makeScreen, makeTicker, recordingNotifier } from '../screens/content.fixtures.js';

// docs/PRODUCT.md#layouts-api
let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const ref = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
const zonesOf = (layoutId: string) => t.ctx.db.layoutZone.findMany({
  where: { layoutId }, orderBy: { position: 'asc' },
  select: { name: true, x: true, y: true, width: true, height: true, z: true, fit: true, playlistId: true, tickerPlaylistId: true },
});

/** A customer with a playlist and a ticker to put in zones. */
async function content(u: TestUser) {
  const m = await makeMedia(t, u.id, 'video', 'Tanıtım');
  const p = await makePlaylist(t, u.id, [{ mediaId: m.id }], 'Lobi');
  const d = await makeTicker(t, u.id, ['Hoş geldiniz'], 3, 'Duyuru');
  return { m, p, d };
}

const twoZones = (playlistId: string, tickerId: string) => ({
  name: '  Giriş  ', orientation: 'landscape', background: '#102030',
  zones: [
    { name: 'Ana Bölge', x: 0, y: 0, width: 75.5, height: 85, z: 1, playlist: playlistId, fit: 'contain' },
    { name: 'Alt Bant', x: 0, y: 85, width: 100, height: 15, directionPlaylist: { _id: tickerId } },
  ],
});

describe('GET /api/layouts/templates', () => {
  it('answers the contract\'s templates, each zone inside the screen', async () => {
    const u = await newCustomer(t);
    const res = await t.http.get('/api/layouts/templates').set(u.auth);
    expect(res.status).toBe(200);
    const list = ZLayoutTemplateList.parse(res.body);
    expect(list).toEqual(LAYOUT_TEMPLATES);
    expect(list.map((x) => x.key)).toEqual(['full', 'main-side', 'l-shape', 'top-bottom', 'halves', 'grid-2x2', 'portrait-top-bottom']);
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.get('/api/layouts/templates')).status).toBe(401);
    expect((await t.http.get('/api/layouts').set((await newUser(t)).auth)).status).toBe(402);
  });
});

describe('POST /api/layouts', () => {
  it('creates the layout with its zones in order, naming their playlist or ticker', async () => {
    const u = await newCustomer(t);
    const { p, d } = await content(u);
    const res = await t.http.post('/api/layouts').set(u.auth).send(twoZones(p.id, d.id));
    expect(res.status).toBe(201);
    const l = ZLayout.parse(res.body);
    expect([l.name, l.orientation, l.background]).toEqual(['Giriş', 'landscape', '#102030']);
    expect(l.zones).toEqual([
      { name: 'Ana Bölge', x: 0, y: 0, width: 75.5, height: 85, z: 1, playlist: ref(p), directionPlaylist: null, fit: 'contain' },
      { name: 'Alt Bant', x: 0, y: 85, width: 100, height: 15, z: 0, playlist: null, directionPlaylist: ref(d), fit: 'cover' },
    ]);
    expect((await zonesOf(l._id)).map((z) => [z.name, z.playlistId, z.tickerPlaylistId])).toEqual([
      ['Ana Bölge', p.id, null], ['Alt Bant', null, d.id],
    ]);

    const got = await t.http.get(`/api/layouts/${l._id}`).set(u.auth);
    expect(ZLayout.parse(got.body)).toEqual(l);
    const list = await t.http.get('/api/layouts').set(u.auth);
    expect(ZLayout.array().parse(list.body)).toEqual([l]);
    // Another customer sees none of it.
    const other = await newCustomer(t);
    expect((await t.http.get('/api/layouts').set(other.auth)).body).toEqual([]);
    expect((await t.http.get(`/api/layouts/${l._id}`).set(other.auth)).status).toBe(404);
  });

  const zone = { name: 'Z', x: 0, y: 0, width: 50, height: 50 };
  it.each([
    [{ zones: [{ ...zone, x: 60 }] }, 'Bölge ekranın içinde kalmalıdır'],
    [{ zones: [{ ...zone, y: 50.01 }] }, 'Bölge ekranın içinde kalmalıdır'],
    [{ zones: Array.from({ length: 10 }, (_, i) => ({ ...zone, name: `Z${i}` })) }, 'Bir yerleşimde en fazla 9 bölge olabilir'],
    [{ zones: [zone, { ...zone, x: 50 }] }, 'Bölge adları bir yerleşimde tekrar edemez'],
    [{ zones: [] }, 'Lütfen en az bir bölge ekleyiniz'],
    [{ zones: [zone], background: 'kırmızı' }, undefined],
    [{ zones: [{ ...zone, x: 10.005 }] }, 'Soldan uzaklık en fazla iki ondalık basamak olabilir'],
    [{ zones: [{ ...zone, width: 0.5 }] }, 'Genişlik 1 ile 100 arasında olmalıdır (yüzde)'],
    [{ zones: [{ ...zone, z: 100 }] }, 'Katman 0 ile 99 arasında bir tam sayı olmalıdır'],
    [{ zones: [{ ...zone, fit: 'stretch' }] }, 'Sığdırma kapla ya da sığdır olmalıdır'],
    [{ name: ' ', zones: [zone] }, 'Lütfen yerleşim adını giriniz'],
  ])('rejects %j with a Turkish 400 and writes nothing', async (raw, message) => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/layouts').set(u.auth).send({ name: 'X', ...raw });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    if (message) expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(/Arka plan rengi/);
    expect(await t.ctx.db.layout.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('a zone showing both a playlist and a ticker is refused', async () => {
    const u = await newCustomer(t);
    const { p, d } = await content(u);
    const res = await t.http.post('/api/layouts').set(u.auth)
      .send({ name: 'X', zones: [{ ...zone, playlist: p.id, directionPlaylist: d.id }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Bir bölge ya bir playlist ya da bir kayan yazı gösterir');
  });

  it('404s when a zone names another customer\'s (or a missing) playlist or ticker, and writes nothing', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const mine = await content(u);
    const theirs = await content(other);
    for (const [zoneRef, message] of [
      [{ playlist: theirs.p.id }, 'Playlist bulunamadı'],
      [{ playlist: randomUUID() }, 'Playlist bulunamadı'],
      // A ticker's id where a playlist belongs is no playlist of theirs either.
      [{ playlist: mine.d.id }, 'Playlist bulunamadı'],
      [{ directionPlaylist: theirs.d.id }, 'Reji playlisti bulunamadı'],
    ] as const) {
      const res = await t.http.post('/api/layouts').set(u.auth)
        .send({ name: 'X', zones: [{ ...zone, playlist: mine.p.id }, { ...zone, name: 'İkinci', ...zoneRef }] });
      expect(res.status, JSON.stringify(zoneRef)).toBe(404);
      expect(res.body.message).toBe(message);
    }
    expect(await t.ctx.db.layout.count({ where: { ownerId: u.id } })).toBe(0);
  });
});

describe('PUT /api/layouts/:id', () => {
  it('replaces the zones, moves updatedAt, and pushes each screen showing it once', async () => {
    const u = await newCustomer(t);
    const { p, d } = await content(u);
    const l = await makeLayout(t, u.id, [{ playlistId: p.id }], 'Lobi');
    const [s1, s2] = [await makeScreen(t, u.id, { name: 'A' }), await makeScreen(t, u.id, { name: 'B' })];
    await t.ctx.db.screen.updateMany({ where: { id: { in: [s1.id, s2.id] } }, data: { currentLayoutId: l.id } });
    await makeScreen(t, u.id, { name: 'Başka', currentPlaylistId: p.id });

    const res = await t.http.put(`/api/layouts/${l.id}`).set(u.auth).send({ ...twoZones(p.id, d.id), name: undefined });
    expect(res.status).toBe(200);
    const body = ZLayout.parse(res.body);
    expect(body.name).toBe('Lobi');
    expect(body.zones.map((z) => z.name)).toEqual(['Ana Bölge', 'Alt Bant']);
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThan(l.updatedAt.getTime());
    expect(notifier.calls).toEqual([[s1.id, s2.id].sort()]);

    notifier.reset();
    const renamed = await t.http.put(`/api/layouts/${l.id}`).set(u.auth).send({ name: 'Yeni', background: '#ffffff' });
    expect(renamed.status).toBe(200);
    expect([renamed.body.name, renamed.body.background, renamed.body.zones.length]).toEqual(['Yeni', '#ffffff', 2]);
    expect(notifier.calls).toEqual([[s1.id, s2.id].sort()]);
  });

  it('bad input or another customer\'s ids: 4xx, nothing changed, nobody pushed', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const { p } = await content(u);
    const theirs = await content(other);
    const l = await makeLayout(t, u.id, [{ playlistId: p.id, width: 40 }], 'Lobi');
    await makeScreen(t, u.id, { currentLayoutId: l.id });
    const before = await zonesOf(l.id);

    expect((await t.http.put(`/api/layouts/${l.id}`).set(u.auth).send({})).status).toBe(400);
    const outside = await t.http.put(`/api/layouts/${l.id}`).set(u.auth).send({ zones: [{ name: 'Z', x: 70, y: 0, width: 40, height: 10 }] });
    expect([outside.status, outside.body.message]).toEqual([400, 'Bölge ekranın içinde kalmalıdır']);
    const foreign = await t.http.put(`/api/layouts/${l.id}`).set(u.auth).send({ zones: [{ name: 'Z', x: 0, y: 0, width: 10, height: 10, playlist: theirs.p.id }] });
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Playlist bulunamadı']);
    const stranger = await t.http.put(`/api/layouts/${l.id}`).set(other.auth).send({ name: 'Ele geçirildi' });
    expect([stranger.status, stranger.body.message]).toEqual([404, 'Yerleşim bulunamadı']);

    expect(await zonesOf(l.id)).toEqual(before);
    expect((await t.ctx.db.layout.findUniqueOrThrow({ where: { id: l.id } })).name).toBe('Lobi');
    expect(notifier.calls).toEqual([]);
  });
});

describe('DELETE /api/layouts/:id', () => {
  it('409s while a screen shows it, naming the screens; the usage says where; free, it goes', async () => {
    const u = await newCustomer(t);
    const l = await makeLayout(t, u.id, [{}], 'Lobi');
    const kasa = await makeScreen(t, u.id, { name: 'Kasa' });
    const giris = await makeScreen(t, u.id, { name: 'Giriş' });
    await t.ctx.db.screen.updateMany({ where: { id: { in: [kasa.id, giris.id] } }, data: { currentLayoutId: l.id } });

    const usage = await t.http.get(`/api/layouts/${l.id}/usage`).set(u.auth);
    expect(ZAssignedUsage.parse(usage.body)).toEqual({ screens: [ref(giris), ref(kasa)], schedules: [] });
    const refused = await t.http.delete(`/api/layouts/${l.id}`).set(u.auth);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Bu yerleşim şu ekranlarda gösteriliyor: Giriş, Kasa. Silmeden önce bu ekranlara başka bir içerik atayın.',
    });
    expect(await t.ctx.db.layout.count({ where: { id: l.id } })).toBe(1);

    await t.ctx.db.screen.updateMany({ where: { ownerId: u.id }, data: { currentLayoutId: null } });
    const other = await newCustomer(t);
    expect((await t.http.delete(`/api/layouts/${l.id}`).set(other.auth)).status).toBe(404);
    expect((await t.http.get(`/api/layouts/${l.id}/usage`).set(other.auth)).status).toBe(404);
    const res = await t.http.delete(`/api/layouts/${l.id}`).set(u.auth);
    expect([res.status, res.body.message]).toEqual([200, 'Yerleşim silindi']);
    expect(await t.ctx.db.layout.count({ where: { id: l.id } })).toBe(0);
    expect(await t.ctx.db.layoutZone.count({ where: { layoutId: l.id } })).toBe(0);
  });
});

describe('content shown in a layout\'s zones', () => {
  /** Screens A and B show a layout with a playlist zone and a ticker zone; C plays the playlist alone. */
  async function world() {
    const u = await newCustomer(t);
    const { m, p, d } = await content(u);
    const l = await makeLayout(t, u.id, [{ playlistId: p.id, height: 80 }, { tickerPlaylistId: d.id, y: 80, height: 20 }], 'Vitrin');
    const a = await makeScreen(t, u.id, { name: 'A' });
    const b = await makeScreen(t, u.id, { name: 'B' });
    await t.ctx.db.screen.updateMany({ where: { id: { in: [a.id, b.id] } }, data: { currentLayoutId: l.id } });
    const c = await makeScreen(t, u.id, { name: 'C', currentPlaylistId: p.id });
    // A schedule playing the playlist also reaches A: A is still pushed once.
    await makeSchedule(t, u.id, { playlistId: p.id, screenIds: [a.id] });
    await makeScreen(t, u.id, { name: 'Boş' });
    return { u, m, p, d, l, a, b, c };
  }

  it('a zone playlist\'s edit pushes every screen showing it once, through layouts too', async () => {
    const w = await world();
    const res = await t.http.put(`/api/playlists/${w.p.id}`).set(w.u.auth).send({ name: 'Lobi', mediaItems: [{ media: w.m.id, duration: 9 }] });
    expect(res.status).toBe(200);
    expect(notifier.calls).toEqual([[w.a.id, w.b.id, w.c.id].sort()]);
  });

  it('a zone ticker\'s edit pushes the layout\'s screens once', async () => {
    const w = await world();
    const res = await t.http.put(`/api/direction-playlists/${w.d.id}`).set(w.u.auth).send({ speed: 5 });
    expect(res.status).toBe(200);
    expect(notifier.calls).toEqual([[w.a.id, w.b.id].sort()]);
  });

  it('deleting media in a zone\'s playlist pushes the layout\'s screens once', async () => {
    const w = await world();
    const usage = await t.http.get(`/api/media/${w.m.id}/usage`).set(w.u.auth);
    expect(usage.body.screens).toEqual([ref(w.a), ref(w.b), ref(w.c)]);
    expect((await t.http.delete(`/api/media/${w.m.id}`).set(w.u.auth)).status).toBe(200);
    expect(notifier.calls).toEqual([[w.a.id, w.b.id, w.c.id].sort()]);
  });

  it('the usage of a playlist or ticker names the layouts; deleting one leaves the zone empty and pushes once', async () => {
    const w = await world();
    const empty = await makeLayout(t, w.u.id, [{}], 'Boş Yerleşim');
    const playlistUsage = await t.http.get(`/api/playlists/${w.p.id}/usage`).set(w.u.auth);
    expect(ZAssignedUsage.parse(playlistUsage.body).layouts).toEqual([ref(w.l)]);
    const tickerUsage = await t.http.get(`/api/direction-playlists/${w.d.id}/usage`).set(w.u.auth);
    expect(ZAssignedUsage.parse(tickerUsage.body).layouts).toEqual([ref(w.l)]);
    expect((await t.http.get(`/api/playlists/${w.p.id}/usage`).set(w.u.auth)).body.layouts).not.toContainEqual(ref(empty));

    expect((await t.http.delete(`/api/direction-playlists/${w.d.id}`).set(w.u.auth)).status).toBe(200);
    expect(notifier.calls).toEqual([[w.a.id, w.b.id].sort()]);
    expect((await zonesOf(w.l.id)).map((z) => [z.playlistId, z.tickerPlaylistId])).toEqual([[w.p.id, null], [null, null]]);

    notifier.reset();
    expect((await t.http.delete(`/api/playlists/${w.p.id}`).set(w.u.auth)).status).toBe(200);
    expect(notifier.calls).toEqual([[w.a.id, w.b.id, w.c.id].sort()]);
    expect((await zonesOf(w.l.id)).map((z) => z.playlistId)).toEqual([null, null]);
  });
});
