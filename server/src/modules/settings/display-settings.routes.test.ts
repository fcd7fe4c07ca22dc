import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_DEFAULTS, ZDisplaySettings } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp } from '../../../test/harness.js';
import { silentNotifier } from '../../realtime/screen-notifier.js';

let t: TestApp;
const owners: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ notifier: { ...silentNotifier, screensChanged: async () => {}, ownerScreensChanged: async (id) => void owners.push(id) } });
});
afterAll(async () => { await t.close(); });

describe('GET /api/settings', () => {
  it('gives the spec defaults to a user who never saved any', async () => {
    const u = await newCustomer(t);
    const res = await t.http.get('/api/settings').set(u.auth).expect(200);
    expect(ZDisplaySettings.parse(res.body)).toEqual(DISPLAY_DEFAULTS);
  });

  it('401 without a token', async () => {
    expect((await t.http.get('/api/settings')).status).toBe(401);
  });
});

describe('PUT /api/settings', () => {
  it('saves a partial change, keeps the rest, and tells the owner’s screens', async () => {
    const u = await newCustomer(t);
    owners.length = 0;
    const res = await t.http.put('/api/settings').set(u.auth).send({ barHeight: '64', textColor: '#ffcc00' }).expect(200);
    expect(ZDisplaySettings.parse(res.body)).toEqual({ ...DISPLAY_DEFAULTS, barHeight: 64, textColor: '#ffcc00' });
    expect(owners).toEqual([u.id]);

    await t.http.put('/api/settings').set(u.auth).send({ showDirectionBar: false }).expect(200);
    const again = await t.http.get('/api/settings').set(u.auth).expect(200);
    expect(again.body).toEqual({ ...DISPLAY_DEFAULTS, barHeight: 64, textColor: '#ffcc00', showDirectionBar: false });
  });

  it('an empty change writes nothing and tells no screen', async () => {
    const u = await newCustomer(t);
    owners.length = 0;
    const res = await t.http.put('/api/settings').set(u.auth).send({}).expect(200);
    expect(res.body).toEqual(DISPLAY_DEFAULTS);
    expect(owners).toEqual([]);
    expect(await t.ctx.db.displaySettings.findUnique({ where: { ownerId: u.id } })).toBeNull();
  });

  it('a body naming no setting it knows is refused with 400, not taken as an empty change', async () => {
    const u = await newCustomer(t);
    owners.length = 0;
    for (const body of [{ colour: 'red' }, { a: { a: { a: {} } } }, { fontSize: 30, extra: true }]) {
      const res = await t.http.put('/api/settings').set(u.auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Geçersiz görüntü ayarları');
    }
    expect(owners).toEqual([]);
    expect(await t.ctx.db.displaySettings.findUnique({ where: { ownerId: u.id } })).toBeNull();
  });

  it('a body that is not JSON, or none at all, is refused with 400 rather than read as "no change"', async () => {
    const u = await newCustomer(t);
    for (const req of [
      t.http.put('/api/settings').set(u.auth),
      t.http.put('/api/settings').set(u.auth).set('Content-Type', 'text/plain').send('{"barHeight":60}'),
    ]) {
      const res = await req;
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Geçersiz görüntü ayarları' });
    }
  });

  it('changes only the caller’s settings', async () => {
    const [a, b] = [await newCustomer(t), await newCustomer(t)];
    await t.http.put('/api/settings').set(a.auth).send({ fontSize: 40 }).expect(200);
    expect((await t.http.get('/api/settings').set(b.auth)).body).toEqual(DISPLAY_DEFAULTS);
  });

  it.each([
    [{ barHeight: 5 }, 'Bant yüksekliği en az 20 px olmalıdır'],
    [{ barHeight: 'abc' }, 'Bant yüksekliği bir sayı olmalıdır'],
    [{ fontSize: 12.5 }, 'Yazı boyutu tam sayı olmalıdır'],
    [{ fontSize: 500 }, 'Yazı boyutu en fazla 200 px olabilir'],
    [{ backgroundColor: 'red;} body{display:none' }, 'Geçersiz renk değeri'],
    [{ textColor: 42 }, 'Geçersiz renk değeri'],
    [{ showDirectionBar: 'evet' }, 'Geçersiz değer'],
  ])('refuses %j with a Turkish 400 and changes nothing', async (body, message) => {
    const u = await newCustomer(t);
    await t.http.put('/api/settings').set(u.auth).send({ fontSize: 30 }).expect(200);
    owners.length = 0;
    const res = await t.http.put('/api/settings').set(u.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect((await t.http.get('/api/settings').set(u.auth)).body).toEqual({ ...DISPLAY_DEFAULTS, fontSize: 30 });
    expect(owners).toEqual([]);
  });

  it('works without a package (settings are not a paid feature) and 401s without a token', async () => {
    const u = await newUser(t);
    await t.http.put('/api/settings').set(u.auth).send({ fontSize: 18 }).expect(200);
    expect((await t.http.put('/api/settings').send({ fontSize: 18 })).status).toBe(401);
    expect(await t.ctx.db.displaySettings.findUnique({ where: { ownerId: u.id } })).toMatchObject({ fontSize: 18 });
  });
});
