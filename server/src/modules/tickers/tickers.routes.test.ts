import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZTickerPlaylist } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp } from '../../../test/harness.js';
import { makeScreen, makeTicker, recordingNotifier } from '../screens/content.fixtures.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const snapshot = async (id: string) => {
  const row = await t.ctx.db.tickerPlaylist.findUniqueOrThrow({
    where: { id }, include: { texts: { orderBy: { position: 'asc' }, select: { text: true, position: true } } },
  });
  return { name: row.name, speed: row.speed, texts: row.texts };
};

describe('GET /api/direction-playlists', () => {
  it('lists only the caller\'s tickers with texts in order', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    await makeTicker(t, u.id, ['birinci', 'ikinci'], 4, 'Duyurular');
    await makeTicker(t, other.id, ['gizli'], 2, 'Başkası');
    const res = await t.http.get('/api/direction-playlists').set(u.auth);
    expect(res.status).toBe(200);
    const list = ZTickerPlaylist.array().parse(res.body);
    expect(list.map((d) => [d.name, d.speed, d.directions.map((x) => x.text)])).toEqual([['Duyurular', 4, ['birinci', 'ikinci']]]);
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.get('/api/direction-playlists')).status).toBe(401);
    const noPkg = await newUser(t);
    expect((await t.http.get('/api/direction-playlists').set(noPkg.auth)).status).toBe(402);
  });
});

describe('POST /api/direction-playlists', () => {
  it('creates a ticker with trimmed texts in order; speed defaults to 3', async () => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/direction-playlists').set(u.auth)
      .send({ name: 'Reji 1', speed: 5, directions: [{ text: ' Hoş geldiniz ' }, { text: 'Kat 2: Poliklinik' }] });
    expect(res.status).toBe(201);
    const d = ZTickerPlaylist.parse(res.body);
    expect([d.name, d.speed, d.directions]).toEqual(['Reji 1', 5, [{ text: 'Hoş geldiniz' }, { text: 'Kat 2: Poliklinik' }]]);
    expect(await snapshot(d._id)).toEqual({ name: 'Reji 1', speed: 5, texts: [{ text: 'Hoş geldiniz', position: 0 }, { text: 'Kat 2: Poliklinik', position: 1 }] });

    const def = await t.http.post('/api/direction-playlists').set(u.auth).send({ name: 'R', directions: [{ text: 'a' }] });
    expect(def.body.speed).toBe(3);
  });

  it.each([
    [{ name: 'R', speed: 3, directions: [] }, 'Lütfen playlist adı girin ve en az bir yazı ekleyin'],
    [{ name: '  ', speed: 3, directions: [{ text: 'a' }] }, 'Lütfen playlist adı girin ve en az bir yazı ekleyin'],
    [{ speed: 3, directions: [{ text: 'a' }] }, 'Lütfen playlist adı girin ve en az bir yazı ekleyin'],
    [{ name: 'R', speed: 3, directions: [{ text: '   ' }] }, 'Lütfen bir metin girin'],
    [{ name: 'R', speed: 0, directions: [{ text: 'a' }] }, 'Hız 1 ile 5 arasında olmalıdır'],
    [{ name: 'R', speed: 6, directions: [{ text: 'a' }] }, 'Hız 1 ile 5 arasında olmalıdır'],
    [{ name: 'R', speed: 2.5, directions: [{ text: 'a' }] }, 'Hız 1 ile 5 arasında olmalıdır'],
  ])('rejects %j with 400 and writes nothing', async (body, message) => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/direction-playlists').set(u.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await t.ctx.db.tickerPlaylist.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.post('/api/direction-playlists').send({})).status).toBe(401);
    const noPkg = await newUser(t);
    expect((await t.http.post('/api/direction-playlists').set(noPkg.auth).send({ name: 'R', directions: [{ text: 'a' }] })).status).toBe(402);
    expect(await t.ctx.db.tickerPlaylist.count({ where: { ownerId: noPkg.id } })).toBe(0);
  });
});

describe('PUT /api/direction-playlists/:id', () => {
  it('replaces texts and speed, keeps the name, and notifies exactly the screens showing it', async () => {
    const u = await newCustomer(t);
    const d = await makeTicker(t, u.id, ['eski 1', 'eski 2'], 3, 'Ad');
    const otherTicker = await makeTicker(t, u.id, ['x']);
    const s1 = await makeScreen(t, u.id, { currentTickerPlaylistId: d.id });
    await makeScreen(t, u.id, { currentTickerPlaylistId: otherTicker.id });
    const res = await t.http.put(`/api/direction-playlists/${d.id}`).set(u.auth)
      .send({ speed: 1, directions: [{ text: 'yeni' }, { text: 'eski 1' }, { text: 'son' }] });
    expect(res.status).toBe(200);
    expect(ZTickerPlaylist.parse(res.body).directions.map((x) => x.text)).toEqual(['yeni', 'eski 1', 'son']);
    expect(await snapshot(d.id)).toEqual({
      name: 'Ad', speed: 1, texts: [{ text: 'yeni', position: 0 }, { text: 'eski 1', position: 1 }, { text: 'son', position: 2 }],
    });
    expect(notifier.calls).toEqual([[s1.id]]);
  });

  it('changes only the name when only the name is sent', async () => {
    const u = await newCustomer(t);
    const d = await makeTicker(t, u.id, ['a', 'b'], 4, 'Ad');
    const res = await t.http.put(`/api/direction-playlists/${d.id}`).set(u.auth).send({ name: 'Yeni ad' });
    expect(res.status).toBe(200);
    expect(await snapshot(d.id)).toEqual({ name: 'Yeni ad', speed: 4, texts: [{ text: 'a', position: 0 }, { text: 'b', position: 1 }] });
  });

  it.each([
    [{ directions: [] }, 'Lütfen playlist adı girin ve en az bir yazı ekleyin'],
    [{ directions: [{ text: 'a' }, { text: '' }] }, 'Lütfen bir metin girin'],
    [{ speed: 9, directions: [{ text: 'a' }] }, 'Hız 1 ile 5 arasında olmalıdır'],
    [{ name: ' ' }, 'Lütfen playlist adı girin ve en az bir yazı ekleyin'],
  ])('rejects %j with 400 and leaves the ticker unchanged', async (body, message) => {
    const u = await newCustomer(t);
    const d = await makeTicker(t, u.id, ['a'], 2, 'Ad');
    const before = await snapshot(d.id);
    const res = await t.http.put(`/api/direction-playlists/${d.id}`).set(u.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await snapshot(d.id)).toEqual(before);
    expect(notifier.calls).toEqual([]);
  });

  it('404s for another customer\'s ticker and leaves it unchanged', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const theirs = await makeTicker(t, other.id, ['onların'], 2, 'Onların');
    const before = await snapshot(theirs.id);
    const res = await t.http.put(`/api/direction-playlists/${theirs.id}`).set(u.auth).send({ name: 'X', speed: 5, directions: [{ text: 'ele geçir' }] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Reji playlisti bulunamadı');
    expect(await snapshot(theirs.id)).toEqual(before);
    expect(notifier.calls).toEqual([]);
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.put(`/api/direction-playlists/${randomUUID()}`).send({})).status).toBe(401);
    const noPkg = await newUser(t);
    expect((await t.http.put(`/api/direction-playlists/${randomUUID()}`).set(noPkg.auth).send({})).status).toBe(402);
  });
});

describe('DELETE /api/direction-playlists/:id', () => {
  it('deletes, clears the screens\' ticker and notifies exactly them', async () => {
    const u = await newCustomer(t);
    const d = await makeTicker(t, u.id, ['a']);
    const s = await makeScreen(t, u.id, { currentTickerPlaylistId: d.id });
    await makeScreen(t, u.id);
    const res = await t.http.delete(`/api/direction-playlists/${d.id}`).set(u.auth);
    expect(res.status).toBe(200);
    expect(await t.ctx.db.tickerPlaylist.findUnique({ where: { id: d.id } })).toBeNull();
    expect(await t.ctx.db.tickerText.count({ where: { playlistId: d.id } })).toBe(0);
    expect((await t.ctx.db.screen.findUniqueOrThrow({ where: { id: s.id } })).currentTickerPlaylistId).toBeNull();
    expect(notifier.calls).toEqual([[s.id]]);
  });

  it('404s for another customer\'s ticker and keeps it', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const theirs = await makeTicker(t, other.id, ['a']);
    expect((await t.http.delete(`/api/direction-playlists/${theirs.id}`).set(u.auth)).status).toBe(404);
    expect(await t.ctx.db.tickerPlaylist.findUnique({ where: { id: theirs.id } })).not.toBeNull();
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.delete(`/api/direction-playlists/${randomUUID()}`)).status).toBe(401);
    const noPkg = await newUser(t);
    expect((await t.http.delete(`/api/direction-playlists/${randomUUID()}`).set(noPkg.auth)).status).toBe(402);
  });
});
