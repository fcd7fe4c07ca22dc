import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZAlert, ZAlertDetail, ZApiKey, ZCreatedApiKey } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeGroup, makeScreen, recordingNotifier } from '../screens/content.fixtures.js';
import { MAX_API_KEYS } from './api-keys.service.js';

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
async function newKey(u: TestUser, name = 'Yangın Paneli'): Promise<string> {
  const res = await t.http.post('/api/api-keys').set(u.auth).send({ name });
  expect(res.status).toBe(201);
  return ZCreatedApiKey.parse(res.body).key;
}

describe('GET/POST/DELETE /api/api-keys', () => {
  it('shows the secret once; stores only its SHA-256; the list names keys by prefix', async () => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/api-keys').set(u.auth).send({ name: ' Yangın Paneli ' });
    expect(res.status).toBe(201);
    const created = ZCreatedApiKey.parse(res.body);
    expect(created.name).toBe('Yangın Paneli');
    expect(created.key).toMatch(/^pano_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 11));

    const row = await t.ctx.db.apiKey.findUniqueOrThrow({ where: { id: created._id } });
    expect(row.hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await t.http.get('/api/api-keys').set(u.auth);
    expect(list.status).toBe(200);
    expect(ZApiKey.array().parse(list.body)).toEqual([
      { _id: created._id, name: 'Yangın Paneli', prefix: created.prefix, scopes: ['alerts'], groups: [], createdAt: created.createdAt, lastUsedAt: null, requests24h: 0 },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(created.key);
    expect(list.body[0]).not.toHaveProperty('key');
    expect(list.body[0]).not.toHaveProperty('hash');

    const other = await newCustomer(t);
    expect((await t.http.get('/api/api-keys').set(other.auth)).body).toEqual([]);
  });

  it.each([
    [{}, 'Lütfen anahtar adını girin'],
    [{ name: '  ' }, 'Lütfen anahtar adını girin'],
    [{ name: 'x'.repeat(101) }, 'En fazla 100 karakter girilebilir'],
    [{ name: 'Panel', scope: 'all' }, 'Tanınmayan alan gönderildi'],
  ])('rejects %j with 400 in Turkish and makes no key', async (body, message) => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/api-keys').set(u.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await t.ctx.db.apiKey.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it(`at most ${MAX_API_KEYS} keys at once; a revoked one frees its place`, async () => {
    const u = await newCustomer(t);
    await t.ctx.db.apiKey.createMany({
      data: Array.from({ length: MAX_API_KEYS }, (_, i) => ({ ownerId: u.id, name: `K${i}`, hash: randomUUID(), prefix: 'pano_x' })),
    });
    const res = await t.http.post('/api/api-keys').set(u.auth).send({ name: 'Fazla' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'LIMIT_REACHED', message: `En fazla ${MAX_API_KEYS} API anahtarı oluşturabilirsiniz` });
    const some = await t.ctx.db.apiKey.findFirstOrThrow({ where: { ownerId: u.id } });
    expect((await t.http.delete(`/api/api-keys/${some.id}`).set(u.auth)).status).toBe(200);
    expect((await t.http.post('/api/api-keys').set(u.auth).send({ name: 'Yeni' })).status).toBe(201);
  });

  it('revoking refuses the key at once (401), drops it from the list and keeps it for the audit; others\' ids 404', async () => {
    const u = await newCustomer(t);
    const screen = await makeScreen(t, u.id);
    const key = await newKey(u);
    const sent = await t.http.post('/api/alerts').set(bearer(key)).send({ title: 'Yangın', message: 'x', screens: [screen.id] });
    expect(sent.status).toBe(201);
    const [row] = await t.ctx.db.apiKey.findMany({ where: { ownerId: u.id } });

    const stranger = await newCustomer(t);
    expect((await t.http.delete(`/api/api-keys/${row!.id}`).set(stranger.auth)).body).toEqual({ code: 'NOT_FOUND', message: 'API anahtarı bulunamadı' });
    expect((await t.http.post('/api/alerts').set(bearer(key)).send({ title: 'Yangın', message: 'x', screens: [screen.id] })).status).toBe(201);

    const res = await t.http.delete(`/api/api-keys/${row!.id}`).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'API anahtarı iptal edildi' });
    expect((await t.http.get('/api/api-keys').set(u.auth)).body).toEqual([]);
    expect((await t.http.delete(`/api/api-keys/${row!.id}`).set(u.auth)).status).toBe(404);

    for (const req of [
      t.http.post('/api/alerts').set(bearer(key)).send({ title: 'Yangın', message: 'x', screens: [screen.id] }),
      t.http.delete(`/api/alerts/${sent.body._id}`).set(bearer(key)),
      t.http.get(`/api/alerts/${sent.body._id}`).set(bearer(key)),
    ]) {
      const refused = await req;
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ code: 'UNAUTHORIZED', message: 'Geçersiz veya iptal edilmiş API anahtarı' });
    }
    expect(await t.ctx.db.alert.count({ where: { ownerId: u.id } })).toBe(2);
    // The alert it sent still names it.
    expect((await t.http.get(`/api/alerts/${sent.body._id}`).set(u.auth)).body.createdBy).toEqual({ kind: 'apiKey', _id: row!.id, name: 'Yangın Paneli' });
  });
});

describe('an API key on the alert routes', () => {
  it('sends, reads and ends an alert for its owner; the key is recorded as sender and ender; lastUsedAt set', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id, { name: 'Lobi' });
    const b = await makeScreen(t, u.id, { name: 'Kafe' });
    const floor = await makeGroup(t, u.id, 'Kat 1', [a.id, b.id]);
    const key = await newKey(u, 'Bina Otomasyonu');
    const keyRow = await t.ctx.db.apiKey.findFirstOrThrow({ where: { ownerId: u.id } });

    const sent = await t.http.post('/api/alerts').set(bearer(key)).send({ title: 'Yangın', message: 'Tahliye', groups: [floor.id] });
    expect(sent.status).toBe(201);
    expect(ZAlert.parse(sent.body)).toMatchObject({ targetCount: 2, createdBy: { kind: 'apiKey', _id: keyRow.id, name: 'Bina Otomasyonu' } });
    expect(notifier.calls).toEqual([[a.id, b.id].sort()]);
    expect((await t.ctx.db.apiKey.findUniqueOrThrow({ where: { id: keyRow.id } })).lastUsedAt).not.toBeNull();

    const polled = await t.http.get(`/api/alerts/${sent.body._id}`).set(bearer(key));
    expect(polled.status).toBe(200);
    expect(ZAlertDetail.parse(polled.body).acks.total).toBe(2);

    const ended = await t.http.delete(`/api/alerts/${sent.body._id}`).set(bearer(key));
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ active: false, endedBy: { kind: 'apiKey', _id: keyRow.id, name: 'Bina Otomasyonu' } });
    const stored = await t.ctx.db.alert.findUniqueOrThrow({ where: { id: sent.body._id } });
    expect(stored).toMatchObject({ createdByKeyId: keyRow.id, createdByUserId: null, endedByKeyId: keyRow.id, endedByUserId: null });

    const listed = (await t.http.get('/api/api-keys').set(u.auth)).body[0];
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('a key reaches only its owner\'s screens and alerts (404 for another customer\'s)', async () => {
    const u = await newCustomer(t);
    const key = await newKey(u);
    const stranger = await newCustomer(t);
    const theirScreen = await makeScreen(t, stranger.id);
    const theirs = (await t.http.post('/api/alerts').set(stranger.auth).send({ title: 'Kod', message: 'x', screens: [theirScreen.id] })).body;

    expect((await t.http.post('/api/alerts').set(bearer(key)).send({ title: 'Kod', message: 'x', screens: [theirScreen.id] })).status).toBe(404);
    expect((await t.http.get(`/api/alerts/${theirs._id}`).set(bearer(key))).status).toBe(404);
    expect((await t.http.delete(`/api/alerts/${theirs._id}`).set(bearer(key))).status).toBe(404);
    expect(await t.ctx.db.alert.findUniqueOrThrow({ where: { id: theirs._id } })).toMatchObject({ endedAt: null });
    // all: true with a key means all of the key owner's screens: here none.
    expect((await t.http.post('/api/alerts').set(bearer(key)).send({ title: 'Kod', message: 'x', all: true })).status).toBe(400);
  });

  it('a made-up key answers 401; the key of a customer whose package ended answers 402', async () => {
    const forged = await t.http.post('/api/alerts').set(bearer(`pano_${'A'.repeat(43)}`)).send({ title: 'Kod', message: 'x', all: true });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ code: 'UNAUTHORIZED', message: 'Geçersiz veya iptal edilmiş API anahtarı' });

    const u = await newCustomer(t);
    await makeScreen(t, u.id);
    const key = await newKey(u);
    await t.ctx.db.purchase.updateMany({ where: { userId: u.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await t.http.post('/api/alerts').set(bearer(key)).send({ title: 'Kod', message: 'x', all: true });
    expect(res.status).toBe(402);
    expect(await t.ctx.db.alert.count({ where: { ownerId: u.id } })).toBe(0);
  });
});

describe('an alerts key anywhere else', () => {
  let key: string;
  let ids: { alert: string; template: string; screen: string; key: string };
  beforeAll(async () => {
    const u = await newCustomer(t);
    const screen = await makeScreen(t, u.id);
    key = await newKey(u);
    const alert = (await t.http.post('/api/alerts').set(u.auth).send({ title: 'Kod', message: 'x', all: true })).body._id;
    const template = (await t.http.post('/api/alert-templates').set(u.auth).send({ name: 'Kod Mavi', title: 'Kod', message: 'x', all: true })).body._id;
    ids = { alert, template, screen: screen.id, key: (await t.ctx.db.apiKey.findFirstOrThrow({ where: { ownerId: u.id } })).id };
  });

  // What other scopes open, and what no key opens (key-routes.test.ts goes through every route).
  it.each([
    ['get', '/api/alert-templates'],
    ['post', '/api/alert-templates'],
    ['post', '/api/alert-templates/:template/send'],
    ['delete', '/api/alert-templates/:template'],
    ['get', '/api/api-keys'],
    ['post', '/api/api-keys'],
    ['delete', '/api/api-keys/:key'],
    ['get', '/api/auth/verify'],
    ['post', '/api/auth/logout'],
    ['get', '/api/screens'],
    ['put', '/api/screens/:screen'],
    ['delete', '/api/screens/:screen'],
    ['get', '/api/screens/:screen/config'],
    ['get', '/api/media'],
    ['get', '/api/playlists'],
    ['get', '/api/screen-groups'],
    ['post', '/api/schedules'],
    ['put', '/api/settings'],
    ['get', '/api/purchase/current'],
  ] as const)('%s %s refuses it and changes nothing', async (method, path) => {
    const url = path.replace(':alert', ids.alert).replace(':template', ids.template).replace(':screen', ids.screen).replace(':key', ids.key);
    const res = await t.http[method](url).set(bearer(key)).send({ name: 'x', title: 'x', message: 'x', all: true });
    expect([401, 403]).toContain(res.status);
    expect(['FORBIDDEN', 'UNAUTHORIZED']).toContain(res.body.code);
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(await t.ctx.db.alert.count({ where: { id: ids.alert, endedAt: null } })).toBe(1);
    expect(await t.ctx.db.alertTemplate.count({ where: { id: ids.template } })).toBe(1);
    expect(await t.ctx.db.screen.count({ where: { id: ids.screen } })).toBe(1);
    expect(await t.ctx.db.apiKey.count({ where: { id: ids.key, revokedAt: null } })).toBe(1);
  });

  it('answers 403 naming the scope a route needs, or that no key may call it', async () => {
    const screens = await t.http.get('/api/screens').set(bearer(key));
    expect(screens.status).toBe(403);
    expect(screens.body).toEqual({ code: 'FORBIDDEN', message: 'Bu API anahtarının bu işlem için yetkisi yok (gereken yetki: Ekranları okuma).' });
    const team = await t.http.get('/api/team').set(bearer(key));
    expect(team.status).toBe(403);
    expect(team.body).toEqual({
      code: 'FORBIDDEN',
      message: 'Bu işlem API anahtarıyla yapılamaz: anahtarlar anahtarları, ekibi, ödemeleri ve hesabı yönetemez. Lütfen oturum açarak deneyin.',
    });
  });
});
