import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZScreen } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp } from '../../../test/harness.js';
import { makeMedia, makePlaylist, makeScreen, makeTicker, recordingNotifier } from './content.fixtures.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const row = (id: string) => t.ctx.db.screen.findUniqueOrThrow({
  where: { id }, select: { name: true, status: true, currentPlaylistId: true, currentTickerPlaylistId: true },
});

describe('GET /api/screens', () => {
  it('lists only the caller\'s screens with playlist refs (or null) and lastSeenAt', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const p = await makePlaylist(t, u.id, [{ mediaId: (await makeMedia(t, u.id)).id }], 'Lobi');
    const d = await makeTicker(t, u.id, ['a'], 3, 'Duyuru');
    const seen = new Date('2026-01-02T03:04:05.000Z');
    const s1 = await makeScreen(t, u.id, { name: 'Giriş', currentPlaylistId: p.id, currentTickerPlaylistId: d.id });
    await t.ctx.db.screen.update({ where: { id: s1.id }, data: { lastSeenAt: seen } });
    await makeScreen(t, u.id, { name: 'Kafe' });
    await makeScreen(t, other.id, { name: 'Başkası' });

    const res = await t.http.get('/api/screens').set(u.auth);
    expect(res.status).toBe(200);
    const list = ZScreen.array().parse(res.body);
    expect(list.map((s) => [s.name, s.status, s.currentPlaylist, s.currentDirectionPlaylist, s.lastSeenAt])).toEqual([
      ['Giriş', 'active', { _id: p.id, name: 'Lobi' }, { _id: d.id, name: 'Duyuru' }, seen.toISOString()],
      ['Kafe', 'active', null, null, null],
    ]);
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.get('/api/screens')).status).toBe(401);
    const noPkg = await newUser(t);
    expect((await t.http.get('/api/screens').set(noPkg.auth)).status).toBe(402);
  });
});

describe('POST /api/screens', () => {
  it('creates an active, unassigned screen', async () => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/screens').set(u.auth).send({ name: ' Bekleme Salonu ', status: 'active' });
    expect(res.status).toBe(201);
    const s = ZScreen.parse(res.body);
    expect([s.name, s.status, s.currentPlaylist, s.lastSeenAt]).toEqual(['Bekleme Salonu', 'active', null, null]);
    expect(await row(s._id)).toMatchObject({ name: 'Bekleme Salonu', status: 'active', currentPlaylistId: null });
  });

  it.each([
    [{}, 'Ekran adı zorunludur'],
    [{ name: '   ' }, 'Ekran adı zorunludur'],
    [{ name: 'X', status: 'inactive' }, 'Geçersiz ekran durumu'],
  ])('rejects %j with 400 and writes nothing', async (body, message) => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/screens').set(u.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await t.ctx.db.screen.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('409 LIMIT_REACHED at the screen limit, nothing written; parallel creates never exceed it', async () => {
    const u = await newCustomer(t, { maxScreens: 2 });
    const send = () => t.http.post('/api/screens').set(u.auth).send({ name: 'E' });
    const statuses = (await Promise.all([send(), send(), send(), send()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409]);
    const res = await send();
    expect(res.body).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(res.body.message).toContain('Ekran sınırınıza ulaştınız');
    expect(await t.ctx.db.screen.count({ where: { ownerId: u.id } })).toBe(2);
  });

  it('401 without a token, 402 without a package (nothing written)', async () => {
    expect((await t.http.post('/api/screens').send({ name: 'E' })).status).toBe(401);
    const noPkg = await newUser(t);
    expect((await t.http.post('/api/screens').set(noPkg.auth).send({ name: 'E' })).status).toBe(402);
    expect(await t.ctx.db.screen.count({ where: { ownerId: noPkg.id } })).toBe(0);
  });
});

describe('PUT /api/screens/:id', () => {
  it('assigns playlist and ticker, notifies only that screen; null clears', async () => {
    const u = await newCustomer(t);
    const p = await makePlaylist(t, u.id, [{ mediaId: (await makeMedia(t, u.id)).id }], 'Lobi');
    const d = await makeTicker(t, u.id, ['a'], 3, 'Duyuru');
    const s = await makeScreen(t, u.id);
    await makeScreen(t, u.id);

    const res = await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ currentPlaylist: p.id, currentDirectionPlaylist: { _id: d.id } });
    expect(res.status).toBe(200);
    const body = ZScreen.parse(res.body);
    expect([body.currentPlaylist, body.currentDirectionPlaylist]).toEqual([{ _id: p.id, name: 'Lobi' }, { _id: d.id, name: 'Duyuru' }]);
    expect(notifier.calls).toEqual([[s.id]]);

    const cleared = await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ currentPlaylist: null });
    expect(cleared.body.currentPlaylist).toBeNull();
    expect(await row(s.id)).toMatchObject({ currentPlaylistId: null, currentTickerPlaylistId: d.id });
  });

  it('renames without touching the assignment', async () => {
    const u = await newCustomer(t);
    const p = await makePlaylist(t, u.id, [{ mediaId: (await makeMedia(t, u.id)).id }]);
    const s = await makeScreen(t, u.id, { currentPlaylistId: p.id });
    const res = await t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ name: 'Yeni ad' });
    expect(res.status).toBe(200);
    expect(await row(s.id)).toMatchObject({ name: 'Yeni ad', currentPlaylistId: p.id });
  });

  it('the assignment page\'s parallel PUTs (one per screen) all land', async () => {
    const u = await newCustomer(t, { maxScreens: 5 });
    const p = await makePlaylist(t, u.id, [{ mediaId: (await makeMedia(t, u.id)).id }]);
    const screens = await Promise.all([1, 2, 3, 4].map((n) => makeScreen(t, u.id, { name: `E${n}` })));
    const results = await Promise.all(screens.map((s) => t.http.put(`/api/screens/${s.id}`).set(u.auth).send({ currentPlaylist: p.id })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await t.ctx.db.screen.count({ where: { ownerId: u.id, currentPlaylistId: p.id } })).toBe(4);
    expect(notifier.calls.flat().sort()).toEqual(screens.map((s) => s.id).sort());
  });

  it.each([
    [{}, 'Lütfen bir playlist ve en az bir ekran seçin'],
    [{ name: ' ' }, 'Ekran adı zorunludur'],
    [{ currentPlaylist: 'abc' }, 'Geçersiz kimlik'],
  ])('rejects %j with 400 and leaves the screen unchanged', async (body, message) => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id, { name: 'Aynı' });
    const res = await t.http.put(`/api/screens/${s.id}`).set(u.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await row(s.id)).toMatchObject({ name: 'Aynı', currentPlaylistId: null });
    expect(notifier.calls).toEqual([]);
  });

  it('404s for another customer\'s screen, playlist or ticker; nothing changes, nobody is notified', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const myPlaylist = await makePlaylist(t, u.id, [{ mediaId: (await makeMedia(t, u.id)).id }]);
    const mine = await makeScreen(t, u.id, { name: 'Benim', currentPlaylistId: myPlaylist.id });
    const theirScreen = await makeScreen(t, other.id, { name: 'Onların' });
    const theirPlaylist = await makePlaylist(t, other.id, [{ mediaId: (await makeMedia(t, other.id)).id }]);
    const theirTicker = await makeTicker(t, other.id, ['x']);

    const a = await t.http.put(`/api/screens/${theirScreen.id}`).set(u.auth).send({ currentPlaylist: myPlaylist.id, name: 'Ele geçir' });
    expect([a.status, a.body.message]).toEqual([404, 'Ekran bulunamadı']);
    expect(await row(theirScreen.id)).toMatchObject({ name: 'Onların', currentPlaylistId: null });

    const b = await t.http.put(`/api/screens/${mine.id}`).set(u.auth).send({ currentPlaylist: theirPlaylist.id });
    expect([b.status, b.body.message]).toEqual([404, 'Playlist bulunamadı']);
    const c = await t.http.put(`/api/screens/${mine.id}`).set(u.auth).send({ currentDirectionPlaylist: theirTicker.id });
    expect([c.status, c.body.message]).toEqual([404, 'Reji playlisti bulunamadı']);
    const d = await t.http.put(`/api/screens/${mine.id}`).set(u.auth).send({ currentPlaylist: randomUUID() });
    expect(d.status).toBe(404);
    expect(await row(mine.id)).toMatchObject({ name: 'Benim', currentPlaylistId: myPlaylist.id, currentTickerPlaylistId: null });
    expect(notifier.calls).toEqual([]);
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.put(`/api/screens/${randomUUID()}`).send({ name: 'x' })).status).toBe(401);
    const noPkg = await newUser(t);
    const s = await makeScreen(t, noPkg.id, { name: 'Eski' });
    expect((await t.http.put(`/api/screens/${s.id}`).set(noPkg.auth).send({ name: 'x' })).status).toBe(402);
    expect((await row(s.id)).name).toBe('Eski');
  });
});

describe('DELETE /api/screens/:id', () => {
  it('deletes the caller\'s screen', async () => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id);
    const res = await t.http.delete(`/api/screens/${s.id}`).set(u.auth);
    expect(res.status).toBe(200);
    expect(await t.ctx.db.screen.findUnique({ where: { id: s.id } })).toBeNull();
  });

  it('404s for another customer\'s screen and keeps it', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const theirs = await makeScreen(t, other.id);
    const res = await t.http.delete(`/api/screens/${theirs.id}`).set(u.auth);
    expect([res.status, res.body.message]).toEqual([404, 'Ekran bulunamadı']);
    expect(await t.ctx.db.screen.findUnique({ where: { id: theirs.id } })).not.toBeNull();
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.delete(`/api/screens/${randomUUID()}`)).status).toBe(401);
    const noPkg = await newUser(t);
    const s = await makeScreen(t, noPkg.id);
    expect((await t.http.delete(`/api/screens/${s.id}`).set(noPkg.auth)).status).toBe(402);
    expect(await t.ctx.db.screen.findUnique({ where: { id: s.id } })).not.toBeNull();
  });
});
