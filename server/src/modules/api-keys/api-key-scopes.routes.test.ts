import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiKey, ZCreatedApiKey, type TCreateApiKeyRequest } from '@pano/contract';
import { createTestApp, newCustomer, newMember, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeGroup, makeMedia, makePlaylist, makeScreen } from '../screens/content.fixtures.js';

/*
 * What a scoped key does within its scopes (docs/architecture/security.md#api-keys): its screen
 * groups hold like a member's, its use is counted and limited per key. Which routes each scope
 * opens is key-routes.test.ts's matrix.
 */

let t: TestApp;
let now = new Date();
beforeAll(async () => { t = await createTestApp({ clock: () => now }); });
afterAll(async () => { await t.close(); });

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
async function newKey(u: TestUser, body: TCreateApiKeyRequest) {
  const res = await t.http.post('/api/api-keys').set(u.auth).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZCreatedApiKey.parse(res.body);
}

/** A hospital with two wards' screens, one group each. */
async function hospital() {
  const owner = await newCustomer(t);
  const lobby = await makeScreen(t, owner.id, { name: 'Lobi' });
  const ward = await makeScreen(t, owner.id, { name: 'Servis' });
  const lobbyGroup = await makeGroup(t, owner.id, 'Giriş', [lobby.id]);
  const wardGroup = await makeGroup(t, owner.id, 'Servis', [ward.id]);
  const playlist = await makePlaylist(t, owner.id, [{ mediaId: (await makeMedia(t, owner.id)).id }]);
  return { owner, lobby, ward, lobbyGroup, wardGroup, playlist };
}

describe('POST /api/api-keys with scopes and groups', () => {
  it('keeps the scopes and groups, lists them, and records them in the audit log', async () => {
    const h = await hospital();
    const created = await newKey(h.owner, { name: 'Randevu sistemi', scopes: ['content', 'schedules', 'content'], groups: [h.lobbyGroup.id] });
    expect(created).toMatchObject({ scopes: ['content', 'schedules'], groups: [{ _id: h.lobbyGroup.id, name: 'Giriş' }], requests24h: 0 });
    const listed = ZApiKey.array().parse((await t.http.get('/api/api-keys').set(h.owner.auth)).body);
    expect(listed.map((k) => [k.name, k.scopes, k.groups.map((g) => g.name)])).toEqual([['Randevu sistemi', ['content', 'schedules'], ['Giriş']]]);
    const event = await t.ctx.db.auditEvent.findFirstOrThrow({ where: { chain: h.owner.id, action: 'apiKey.create' } });
    expect(event.changes).toMatchObject({ scopes: [null, ['content', 'schedules']], groups: [null, ['Giriş']] });
  });

  it('a key without scopes sends alerts, as keys did before scopes', async () => {
    const h = await hospital();
    expect((await newKey(h.owner, { name: 'Yangın paneli' })).scopes).toEqual(['alerts']);
  });

  it.each([
    [{ name: 'Panel', scopes: [] }, 400, 'Lütfen en az bir yetki seçin'],
    [{ name: 'Panel', scopes: ['everything'] }, 400, 'Tanınmayan anahtar yetkisi'],
    [{ name: 'Panel', scopes: 'alerts' }, 400, 'Yetkiler bir liste olmalıdır'],
    [{ name: 'Panel', scopes: ['alerts'], groups: ['not-an-id'] }, 400, undefined],
  ])('refuses %j in Turkish and makes no key', async (body, status, message) => {
    const h = await hospital();
    const res = await t.http.post('/api/api-keys').set(h.owner.auth).send(body);
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toBe(message);
    expect(await t.ctx.db.apiKey.count({ where: { ownerId: h.owner.id } })).toBe(0);
  });

  it('another customer\'s group reads as missing (404) and makes no key', async () => {
    const h = await hospital();
    const stranger = await hospital();
    const res = await t.http.post('/api/api-keys').set(h.owner.auth).send({ name: 'Panel', scopes: ['alerts'], groups: [stranger.lobbyGroup.id] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Ekran grubu bulunamadı');
    expect(await t.ctx.db.apiKey.count({ where: { ownerId: h.owner.id } })).toBe(0);
  });
});

describe('a key limited to screen groups', () => {
  it('reads, assigns and alerts only its groups\' screens; the others read as missing', async () => {
    const h = await hospital();
    const { key } = await newKey(h.owner, { name: 'Giriş sistemi', scopes: ['screens:read', 'schedules', 'alerts'], groups: [h.lobbyGroup.id] });

    const screens = await t.http.get('/api/screens').set(bearer(key)).expect(200);
    expect(screens.body.map((s: { name: string }) => s.name)).toEqual(['Lobi']);
    expect((await t.http.get(`/api/screens/${h.ward.id}/now`).set(bearer(key))).status).toBe(404);
    expect((await t.http.get('/api/screen-groups').set(bearer(key)).expect(200)).body.map((g: { name: string }) => g.name)).toEqual(['Giriş']);

    expect((await t.http.put(`/api/screens/${h.ward.id}`).set(bearer(key)).send({ currentPlaylist: h.playlist.id })).status).toBe(404);
    await t.http.put(`/api/screens/${h.lobby.id}`).set(bearer(key)).send({ currentPlaylist: h.playlist.id }).expect(200);
    expect((await t.ctx.db.screen.findUniqueOrThrow({ where: { id: h.lobby.id } })).currentPlaylistId).toBe(h.playlist.id);
    expect((await t.ctx.db.screen.findUniqueOrThrow({ where: { id: h.ward.id } })).currentPlaylistId).toBeNull();

    expect((await t.http.post('/api/alerts').set(bearer(key)).send({ title: 'Tatbikat', message: 'x', screens: [h.ward.id] })).status).toBe(404);
    expect((await t.http.post('/api/alerts').set(bearer(key)).send({ title: 'Tatbikat', message: 'x', groups: [h.wardGroup.id] })).status).toBe(404);
    const sent = await t.http.post('/api/alerts').set(bearer(key)).send({ title: 'Tatbikat', message: 'Girişte tatbikat', groups: [h.lobbyGroup.id] }).expect(201);
    expect(await t.ctx.db.alertTarget.findMany({ where: { alertId: sent.body._id }, select: { screenId: true } })).toEqual([{ screenId: h.lobby.id }]);
    expect(await t.ctx.db.alert.count({ where: { ownerId: h.owner.id } })).toBe(1);
  });

  it('a schedules key changes what a screen shows, never the screen itself (403, nothing changed)', async () => {
    const h = await hospital();
    const { key } = await newKey(h.owner, { name: 'Takvim', scopes: ['schedules'] });
    const bodies = [
      { name: 'Yeni ad' }, { currentPlaylist: h.playlist.id, rotation: 90 }, { timezone: 'Europe/London' },
      { latitude: 41.0082, longitude: 28.9784 }, { currentPlaylist: h.playlist.id, latitude: null, longitude: null },
    ];
    for (const body of bodies) {
      const res = await t.http.put(`/api/screens/${h.lobby.id}`).set(bearer(key)).send(body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('API anahtarı bir ekranın yalnızca içeriğini (playlist, kayan yazı, yerleşim) değiştirebilir; adını, saat dilimini, yönünü ve konumunu oturum açan biri değiştirir.');
    }
    expect(await t.ctx.db.screen.findUniqueOrThrow({ where: { id: h.lobby.id } }))
      .toMatchObject({ name: 'Lobi', currentPlaylistId: null, rotation: 0, latitude: null, longitude: null });
  });

  it('the group cannot be deleted while a key is limited to it alone (409); after the key is revoked it can', async () => {
    const h = await hospital();
    const made = await newKey(h.owner, { name: 'Giriş paneli', scopes: ['alerts'], groups: [h.lobbyGroup.id] });
    const refused = await t.http.delete(`/api/screen-groups/${h.lobbyGroup.id}`).set(h.owner.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Bu grup 'Giriş paneli' API anahtarı için tek ekran grubu; silinirse anahtar tüm ekranlara ulaşırdı. Önce Ayarlar sayfasında anahtarı iptal edin.");
    expect(await t.ctx.db.screenGroup.count({ where: { id: h.lobbyGroup.id } })).toBe(1);
    await t.http.delete(`/api/api-keys/${made._id}`).set(h.owner.auth).expect(200);
    await t.http.delete(`/api/screen-groups/${h.lobbyGroup.id}`).set(h.owner.auth).expect(200);
  });
});

describe('an admin limited to screen groups', () => {
  it('makes keys only within their groups, and sees and revokes only those', async () => {
    const h = await hospital();
    const wide = await newKey(h.owner, { name: 'Tüm bina', scopes: ['alerts'] });
    const limited = await newMember(t, h.owner.id, 'admin', [h.lobbyGroup.id]);

    const everything = await t.http.post('/api/api-keys').set(limited.auth).send({ name: 'Panel', scopes: ['alerts'] });
    expect(everything.status).toBe(403);
    expect(everything.body.message).toBe('Ekran gruplarıyla sınırlı olduğunuz için tüm ekranları veremezsiniz; lütfen kendi gruplarınızdan seçin.');
    expect((await t.http.post('/api/api-keys').set(limited.auth).send({ name: 'Panel', scopes: ['alerts'], groups: [h.wardGroup.id] })).status).toBe(403);
    const own = await newKey(limited, { name: 'Giriş paneli', scopes: ['alerts'], groups: [h.lobbyGroup.id] });

    expect((await t.http.get('/api/api-keys').set(limited.auth)).body.map((k: { name: string }) => k.name)).toEqual(['Giriş paneli']);
    const revoke = await t.http.delete(`/api/api-keys/${wide._id}`).set(limited.auth);
    expect(revoke.status).toBe(403);
    expect(revoke.body.message).toBe('Sizden daha fazla ekranı kapsayan bir API anahtarını iptal edemezsiniz.');
    expect(await t.ctx.db.apiKey.count({ where: { id: wide._id, revokedAt: null } })).toBe(1);
    await t.http.delete(`/api/api-keys/${own._id}`).set(limited.auth).expect(200);
    expect((await t.http.get('/api/api-keys').set(h.owner.auth)).body.map((k: { name: string }) => k.name)).toEqual(['Tüm bina']);
  });
});

describe('a content key', () => {
  it('creates, changes and deletes a playlist; the log names the key; with approval on it is not held', async () => {
    const h = await hospital();
    await t.ctx.db.account.update({ where: { id: h.owner.id }, data: { approvalRequired: true } });
    const media = await makeMedia(t, h.owner.id);
    const { _id: keyId, key } = await newKey(h.owner, { name: 'Menü sistemi', scopes: ['content'] });
    const made = await t.http.post('/api/playlists').set(bearer(key)).send({ name: 'Öğle menüsü', mediaItems: [{ media: media.id }] }).expect(201);
    await t.http.put(`/api/screens/${h.lobby.id}`).set(h.owner.auth).send({ currentPlaylist: made.body._id }).expect(200);
    // In use on a screen: an editor would wait for approval; a key acts as a publisher.
    await t.http.put(`/api/playlists/${made.body._id}`).set(bearer(key)).send({ name: 'Akşam menüsü', mediaItems: [{ media: media.id }] }).expect(200);
    expect((await t.ctx.db.playlist.findUniqueOrThrow({ where: { id: made.body._id } })).name).toBe('Akşam menüsü');
    const events = await t.ctx.db.auditEvent.findMany({ where: { chain: h.owner.id, targetId: made.body._id, actorType: 'apiKey' }, orderBy: { seq: 'asc' } });
    expect(events.map((e) => [e.action, e.actorId, e.actorName])).toEqual([
      ['playlist.create', keyId, 'Menü sistemi'], ['playlist.update', keyId, 'Menü sistemi'],
    ]);
  });
});

describe('use of a key', () => {
  it('is counted per key: the last use and the requests of the last 24 hours', async () => {
    const h = await hospital();
    const a = await newKey(h.owner, { name: 'A', scopes: ['screens:read'] });
    await newKey(h.owner, { name: 'B', scopes: ['screens:read'] });
    now = new Date('2026-11-29T08:10:00Z');
    for (let i = 0; i < 3; i++) await t.http.get('/api/screens').set(bearer(a.key)).expect(200);
    now = new Date('2026-11-29T09:20:00Z');
    await t.http.get('/api/screens/now').set(bearer(a.key)).expect(200);
    // A refused request is a use too.
    await t.http.get('/api/media').set(bearer(a.key)).expect(403);
    const counts = async () => Object.fromEntries(ZApiKey.array().parse((await t.http.get('/api/api-keys').set(h.owner.auth)).body)
      .map((k) => [k.name, [k.requests24h, k.lastUsedAt]]));
    expect(await counts()).toEqual({ A: [5, '2026-11-29T09:20:00.000Z'], B: [0, null] });

    // A day later the 08:00 hour has left the window; the 09:00 hour is the window's first.
    now = new Date('2026-11-30T08:30:00Z');
    expect(await counts()).toEqual({ A: [2, '2026-11-29T09:20:00.000Z'], B: [0, null] });
    // A use a day later deletes the hours no list shows.
    now = new Date('2026-11-30T10:05:00Z');
    await t.http.get('/api/screens').set(bearer(a.key)).expect(200);
    expect(await counts()).toEqual({ A: [1, '2026-11-30T10:05:00.000Z'], B: [0, null] });
    expect(await t.ctx.db.apiKeyUsage.count({ where: { apiKeyId: a._id } })).toBe(1);
    now = new Date();
  });
});

describe('the per-key limit', () => {
  let limited: TestApp;
  beforeAll(async () => { limited = await createTestApp({ config: { apiKeyRequestsPerMinute: 3 } }); });
  afterAll(async () => { await limited?.close(); });

  it('answers 429 with Retry-After past the limit, for that key only; sending and ending an alert still go through', async () => {
    const owner = await newCustomer(limited);
    await makeScreen(limited, owner.id);
    const make = async (name: string) => ZCreatedApiKey.parse((await limited.http.post('/api/api-keys').set(owner.auth).send({ name, scopes: ['alerts', 'screens:read'] })).body).key;
    const busy = await make('Yoğun');
    const calm = await make('Sakin');
    for (let i = 0; i < 3; i++) await limited.http.get('/api/screens').set(bearer(busy)).expect(200);
    const over = await limited.http.get('/api/screens').set(bearer(busy));
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body).toEqual({ code: 'RATE_LIMITED', message: 'Bu API anahtarıyla çok fazla istek gönderildi. Lütfen `Retry-After` başlığındaki süre kadar bekleyin ve tekrar deneyin.' });
    await limited.http.get('/api/screens').set(bearer(calm)).expect(200);
    const sent = await limited.http.post('/api/alerts').set(bearer(busy)).send({ title: 'Yangın', message: 'Tahliye', all: true }).expect(201);
    await limited.http.delete(`/api/alerts/${sent.body._id}`).set(bearer(busy)).expect(200);
  });
});
