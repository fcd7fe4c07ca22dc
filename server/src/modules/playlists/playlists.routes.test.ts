import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZPlaylist } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, newUser, type TestApp } from '../../../test/harness.js';
import { makeMedia, makePlaylist, makeScreen, recordingNotifier } from '../screens/content.fixtures.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const itemsOf = (playlistId: string) =>
  t.ctx.db.playlistItem.findMany({ where: { playlistId }, orderBy: { position: 'asc' }, select: { mediaId: true, duration: true, position: true } });

describe('GET /api/playlists', () => {
  it('lists only the caller\'s playlists, items in order with the full media', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const [a, b] = [await makeMedia(t, u.id, 'image', 'A'), await makeMedia(t, u.id, 'video', 'B')];
    await makePlaylist(t, u.id, [{ mediaId: b.id, duration: 12 }, { mediaId: a.id, duration: 3 }], 'Lobi');
    await makePlaylist(t, other.id, [{ mediaId: (await makeMedia(t, other.id)).id }], 'Başkası');

    const res = await t.http.get('/api/playlists').set(u.auth);
    expect(res.status).toBe(200);
    const list = ZPlaylist.array().parse(res.body);
    expect(list.map((p) => p.name)).toEqual(['Lobi']);
    expect(list[0]!.mediaItems.map((i) => [i.media.name, i.media.mediaType, i.duration])).toEqual([['B', 'Video', 12], ['A', 'Resim', 3]]);
    expect(list[0]!.mediaItems[0]!.media.filePath).toBe(`/uploads/${b.fileName}`);
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.get('/api/playlists')).status).toBe(401);
    const noPkg = await newUser(t);
    const res = await t.http.get('/api/playlists').set(noPkg.auth);
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('PACKAGE_REQUIRED');
  });
});

describe('POST /api/playlists', () => {
  it('creates a playlist with items in order, default duration 5, and accepts populated media objects', async () => {
    const u = await newCustomer(t);
    const [a, b] = [await makeMedia(t, u.id), await makeMedia(t, u.id, 'video')];
    const res = await t.http.post('/api/playlists').set(u.auth)
      .send({ name: '  Giriş  ', mediaItems: [{ media: b.id, duration: 8 }, { media: { _id: a.id } }, { media: b.id, duration: '2' }] });
    expect(res.status).toBe(201);
    const p = ZPlaylist.parse(res.body);
    expect(p.name).toBe('Giriş');
    expect(p.mediaItems.map((i) => [i.media._id, i.duration])).toEqual([[b.id, 8], [a.id, 5], [b.id, 2]]);
    expect(await itemsOf(p._id)).toEqual([
      { mediaId: b.id, duration: 8, position: 0 }, { mediaId: a.id, duration: 5, position: 1 }, { mediaId: b.id, duration: 2, position: 2 },
    ]);
  });

  it.each([
    [{ name: 'X', mediaItems: [] }, 'Lütfen en az bir medya seçiniz'],
    [{ name: 'X' }, 'Lütfen en az bir medya seçiniz'],
    [{ name: '   ', mediaItems: 'MEDIA' }, 'Lütfen playlist adını giriniz'],
    [{ mediaItems: 'MEDIA' }, 'Lütfen playlist adını giriniz'],
    [{ name: 'X', mediaItems: 'MEDIA', duration: 0 }, 'Süre en az 1 saniye olmalıdır'],
  ])('rejects %j with 400 and writes nothing', async (raw, message) => {
    const u = await newCustomer(t);
    const m = await makeMedia(t, u.id);
    const body = { ...raw } as Record<string, unknown>;
    if (body.mediaItems === 'MEDIA') body.mediaItems = [{ media: m.id, duration: 'duration' in body ? body.duration : 5 }];
    delete body.duration;
    const res = await t.http.post('/api/playlists').set(u.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await t.ctx.db.playlist.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('404s "Medya bulunamadı" when any media is another customer\'s (or missing), and writes nothing', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const mine = await makeMedia(t, u.id);
    const theirs = await makeMedia(t, other.id);
    for (const media of [theirs.id, randomUUID()]) {
      const res = await t.http.post('/api/playlists').set(u.auth).send({ name: 'X', mediaItems: [{ media: mine.id }, { media }] });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Medya bulunamadı' });
    }
    expect(await t.ctx.db.playlist.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('409 LIMIT_REACHED at the playlist limit, nothing written; parallel creates never exceed it', async () => {
    const u = await newCustomer(t, { maxPlaylists: 2 });
    const m = await makeMedia(t, u.id);
    const send = () => t.http.post('/api/playlists').set(u.auth).send({ name: 'P', mediaItems: [{ media: m.id }] });
    const statuses = (await Promise.all([send(), send(), send(), send()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409]);
    const res = await send();
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('LIMIT_REACHED');
    expect(res.body.message).toContain('Playlist sınırınıza ulaştınız');
    expect(await t.ctx.db.playlist.count({ where: { ownerId: u.id } })).toBe(2);
  });

  it('admins have no playlist limit and need no package', async () => {
    const admin = await newAdmin(t);
    const m = await makeMedia(t, admin.id);
    const res = await t.http.post('/api/playlists').set(admin.auth).send({ name: 'A', mediaItems: [{ media: m.id }] });
    expect(res.status).toBe(201);
  });

  it('401 without a token, 402 without a package', async () => {
    expect((await t.http.post('/api/playlists').send({})).status).toBe(401);
    const noPkg = await newUser(t);
    expect((await t.http.post('/api/playlists').set(noPkg.auth).send({})).status).toBe(402);
  });
});

describe('PUT /api/playlists/:id', () => {
  it('replaces the items in the new order, renames, and notifies exactly the screens showing it', async () => {
    const u = await newCustomer(t);
    const [a, b, c] = [await makeMedia(t, u.id), await makeMedia(t, u.id), await makeMedia(t, u.id)];
    const p = await makePlaylist(t, u.id, [{ mediaId: a.id }, { mediaId: b.id }], 'Eski');
    const other = await makePlaylist(t, u.id, [{ mediaId: a.id }]);
    const s1 = await makeScreen(t, u.id, { currentPlaylistId: p.id });
    const s2 = await makeScreen(t, u.id, { currentPlaylistId: p.id });
    await makeScreen(t, u.id, { currentPlaylistId: other.id });

    const res = await t.http.put(`/api/playlists/${p.id}`).set(u.auth)
      .send({ name: 'Yeni', mediaItems: [{ media: c.id, duration: 7 }, { media: a.id, duration: 1 }, { media: b.id }] });
    expect(res.status).toBe(200);
    const body = ZPlaylist.parse(res.body);
    expect(body.name).toBe('Yeni');
    expect(body.mediaItems.map((i) => [i.media._id, i.duration])).toEqual([[c.id, 7], [a.id, 1], [b.id, 5]]);
    expect(await itemsOf(p.id)).toEqual([
      { mediaId: c.id, duration: 7, position: 0 }, { mediaId: a.id, duration: 1, position: 1 }, { mediaId: b.id, duration: 5, position: 2 },
    ]);
    expect(notifier.calls).toEqual([[s1.id, s2.id].sort()]);
  });

  it('keeps the name when only items are sent', async () => {
    const u = await newCustomer(t);
    const a = await makeMedia(t, u.id);
    const p = await makePlaylist(t, u.id, [{ mediaId: a.id }], 'Ad');
    const res = await t.http.put(`/api/playlists/${p.id}`).set(u.auth).send({ mediaItems: [{ media: a.id, duration: 9 }] });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Ad');
    expect(res.body.mediaItems[0].duration).toBe(9);
  });

  it.each([
    [{ mediaItems: [] }, 'Lütfen en az bir medya seçiniz'],
    [{ name: ' ', mediaItems: 'MEDIA' }, 'Lütfen playlist adını giriniz'],
    [{ mediaItems: 'ZERO' }, 'Süre en az 1 saniye olmalıdır'],
  ])('rejects %j with 400 and leaves the playlist unchanged', async (raw, message) => {
    const u = await newCustomer(t);
    const a = await makeMedia(t, u.id);
    const p = await makePlaylist(t, u.id, [{ mediaId: a.id, duration: 4 }], 'Ad');
    const body = { ...raw } as Record<string, unknown>;
    if (body.mediaItems === 'MEDIA') body.mediaItems = [{ media: a.id }];
    if (body.mediaItems === 'ZERO') body.mediaItems = [{ media: a.id, duration: 0 }];
    const res = await t.http.put(`/api/playlists/${p.id}`).set(u.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await itemsOf(p.id)).toEqual([{ mediaId: a.id, duration: 4, position: 0 }]);
    expect(notifier.calls).toEqual([]);
  });

  it('404s for another customer\'s playlist and for another customer\'s media; nothing changes', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const theirMedia = await makeMedia(t, other.id);
    const theirs = await makePlaylist(t, other.id, [{ mediaId: theirMedia.id, duration: 6 }], 'Onların');
    const mine = await makeMedia(t, u.id);
    const res = await t.http.put(`/api/playlists/${theirs.id}`).set(u.auth).send({ name: 'Ele geçir', mediaItems: [{ media: mine.id }] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Playlist bulunamadı');
    expect((await t.ctx.db.playlist.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe('Onların');
    expect(await itemsOf(theirs.id)).toEqual([{ mediaId: theirMedia.id, duration: 6, position: 0 }]);

    const myList = await makePlaylist(t, u.id, [{ mediaId: mine.id }]);
    const res2 = await t.http.put(`/api/playlists/${myList.id}`).set(u.auth).send({ mediaItems: [{ media: theirMedia.id }] });
    expect(res2.status).toBe(404);
    expect(res2.body.message).toBe('Medya bulunamadı');
    expect(await itemsOf(myList.id)).toEqual([{ mediaId: mine.id, duration: 5, position: 0 }]);
    expect(notifier.calls).toEqual([]);
  });

  it('401 without a token, 402 without a package', async () => {
    const id = randomUUID();
    expect((await t.http.put(`/api/playlists/${id}`).send({})).status).toBe(401);
    const noPkg = await newUser(t);
    expect((await t.http.put(`/api/playlists/${id}`).set(noPkg.auth).send({})).status).toBe(402);
  });
});

describe('DELETE /api/playlists/:id', () => {
  it('deletes, unassigns the screens and notifies exactly them', async () => {
    const u = await newCustomer(t);
    const a = await makeMedia(t, u.id);
    const p = await makePlaylist(t, u.id, [{ mediaId: a.id }]);
    const s = await makeScreen(t, u.id, { currentPlaylistId: p.id });
    await makeScreen(t, u.id);
    const res = await t.http.delete(`/api/playlists/${p.id}`).set(u.auth);
    expect(res.status).toBe(200);
    expect(await t.ctx.db.playlist.findUnique({ where: { id: p.id } })).toBeNull();
    expect(await t.ctx.db.playlistItem.count({ where: { playlistId: p.id } })).toBe(0);
    expect((await t.ctx.db.screen.findUniqueOrThrow({ where: { id: s.id } })).currentPlaylistId).toBeNull();
    expect(await t.ctx.db.media.findUnique({ where: { id: a.id } })).not.toBeNull();
    expect(notifier.calls).toEqual([[s.id]]);
  });

  it('404s for another customer\'s playlist and keeps it', async () => {
    const u = await newCustomer(t);
    const other = await newCustomer(t);
    const theirs = await makePlaylist(t, other.id, [{ mediaId: (await makeMedia(t, other.id)).id }]);
    const res = await t.http.delete(`/api/playlists/${theirs.id}`).set(u.auth);
    expect(res.status).toBe(404);
    expect(await t.ctx.db.playlist.findUnique({ where: { id: theirs.id } })).not.toBeNull();
    expect(notifier.calls).toEqual([]);
  });

  it('400 for a malformed id, 401 without a token, 402 without a package', async () => {
    const u = await newCustomer(t);
    expect((await t.http.delete('/api/playlists/not-a-uuid').set(u.auth)).body.message).toBe('Geçersiz kimlik');
    expect((await t.http.delete(`/api/playlists/${randomUUID()}`)).status).toBe(401);
    const noPkg = await newUser(t);
    expect((await t.http.delete(`/api/playlists/${randomUUID()}`).set(noPkg.auth)).status).toBe(402);
  });
});
