import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newAdmin, newCustomer, type TestApp, type TestUser } from '../../test/harness.js';
import { makeMedia, makeTicker } from '../modules/screens/content.fixtures.js';

let t: TestApp;
let u: TestUser;
let admin: TestUser;
let mediaId: string;
beforeAll(async () => {
  t = await createTestApp();
  [u, admin] = [await newCustomer(t), await newAdmin(t)];
  mediaId = (await makeMedia(t, u.id)).id;
});
afterAll(async () => { await t.close(); });

// What z.coerce.number() used to turn into numbers: true → 1, [1] → 1, "0x10" → 16, "1e3" → 1000.
// A thousands separator beside the decimal comma is no plain decimal either.
const notNumbers: unknown[] = [true, false, [1], ['2'], '0x10', '1e3', '1E1', '0b11', ' ', 'Infinity', { valueOf: 1 }, '1.000,5', '1,2,3'];

describe('number fields accept numbers and plain decimal strings only', () => {
  it.each(notNumbers.map((v) => [JSON.stringify(v), v]))('playlist item duration %s → 400, nothing written', async (_label, duration) => {
    const res = await t.http.post('/api/playlists').set(u.auth).send({ name: 'Liste', mediaItems: [{ media: mediaId, duration }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Süre bir sayı olmalıdır' });
    expect(await t.ctx.db.playlist.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it.each(['1e3', '0x10', true, [30]].map((v) => [JSON.stringify(v), v]))('package duration %s → 400, nothing written', async (_label, duration) => {
    const name = `Sayı Paketi ${JSON.stringify(duration)}`;
    const res = await t.http.post('/api/packages/admin').set(admin.auth).send({
      name, description: 'Açıklama', price: 10, duration, features: { maxMediaUpload: 1, maxScreens: 1, maxPlaylists: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Süre (gün) bir sayı olmalıdır' });
    expect(await t.ctx.db.package.count({ where: { name } })).toBe(0);
  });

  it('package price and limits refuse hex and exponents too', async () => {
    const body = { name: 'Fiyat Paketi', description: 'Açıklama', price: '1e2', duration: 30, features: { maxMediaUpload: '0x2', maxScreens: true, maxPlaylists: 1 } };
    const res = await t.http.post('/api/packages/admin').set(admin.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['features.maxMediaUpload', 'features.maxScreens', 'price']);
    expect(await t.ctx.db.package.count({ where: { name: 'Fiyat Paketi' } })).toBe(0);
  });

  it('ticker speed and display sizes refuse booleans, arrays and hex', async () => {
    const ticker = await makeTicker(t, u.id, ['Metin'], 3);
    for (const speed of [true, [2], '0x2']) {
      const res = await t.http.put(`/api/direction-playlists/${ticker.id}`).set(u.auth).send({ speed });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Hız 1 ile 5 arasında olmalıdır');
    }
    expect((await t.ctx.db.tickerPlaylist.findUniqueOrThrow({ where: { id: ticker.id } })).speed).toBe(3);

    for (const [field, value, message] of [
      ['barHeight', true, 'Bant yüksekliği bir sayı olmalıdır'], ['barHeight', '0x40', 'Bant yüksekliği bir sayı olmalıdır'],
      ['fontSize', [24], 'Yazı boyutu bir sayı olmalıdır'], ['fontSize', '2e1', 'Yazı boyutu bir sayı olmalıdır'],
    ] as const) {
      const res = await t.http.put('/api/settings').set(u.auth).send({ [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await t.ctx.db.displaySettings.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it('numbers and plain decimal strings from forms still work', async () => {
    const res = await t.http.post('/api/playlists').set(u.auth)
      .send({ name: 'Formdan', mediaItems: [{ media: mediaId, duration: '12' }, { media: mediaId, duration: ' 7 ' }, { media: mediaId, duration: 9 }] });
    expect(res.status).toBe(201);
    expect(res.body.mediaItems.map((i: { duration: number }) => i.duration)).toEqual([12, 7, 9]);

    const pkg = await t.http.post('/api/packages/admin').set(admin.auth).send({
      name: 'Formdan Paket', description: 'Açıklama', price: '49.90', duration: '90', features: { maxMediaUpload: '2', maxScreens: 3, maxPlaylists: '4' },
    });
    expect(pkg.status).toBe(201);
    expect(pkg.body).toMatchObject({ price: 49.9, duration: 90, features: { maxMediaUpload: 2, maxScreens: 3, maxPlaylists: 4 } });
    // A Turkish keyboard's decimal comma reads as the point, as the dashboard's forms send it.
    const comma = await t.http.post('/api/packages/admin').set(admin.auth).send({
      name: 'Virgüllü Paket', description: 'Açıklama', price: '99,90', duration: '30', features: { maxMediaUpload: '1', maxScreens: 1, maxPlaylists: 1 },
    });
    expect(comma.status).toBe(201);
    expect(comma.body.price).toBe(99.9);

    const settings = await t.http.put('/api/settings').set(u.auth).send({ barHeight: '64', fontSize: 30 });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ barHeight: 64, fontSize: 30 });
  });
});
