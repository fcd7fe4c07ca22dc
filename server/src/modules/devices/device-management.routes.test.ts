import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDevice, ZDeviceListResponse, ZPairDeviceResponse } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeScreen } from '../screens/content.fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const codeOf = async (c: TestUser) => (await t.ctx.db.purchase.findFirstOrThrow({ where: { userId: c.id } })).mobileCode!;

/** Pairs a device the way the player does and shows `screenId` on it. */
async function pairOn(c: TestUser, screenId: string | null, name = 'Salon TV') {
  const body = ZPairDeviceResponse.parse((await t.http.post('/api/devices/pair').send({ mobileCode: await codeOf(c), name }).expect(201)).body);
  const auth = { Authorization: `Bearer ${body.deviceToken}` };
  if (screenId) await t.http.put('/api/devices/screen').set(auth).send({ screenId }).expect(200);
  return { id: body.deviceId, auth };
}

describe('GET /api/devices', () => {
  it("lists the customer's paired devices with their screen, oldest first; never another customer's", async () => {
    const c = await newCustomer(t);
    const giris = await makeScreen(t, c.id, { name: 'Giriş' });
    const first = await pairOn(c, giris.id, 'Lobi TV');
    const second = await pairOn(c, null, 'Yedek');
    const other = await newCustomer(t);
    await pairOn(other, null);

    const res = await t.http.get('/api/devices').set(c.auth).expect(200);
    const list = ZDeviceListResponse.parse(res.body);
    expect(list).toEqual([
      { _id: first.id, name: 'Lobi TV', screen: { _id: giris.id, name: 'Giriş' }, createdAt: expect.any(String), lastSeenAt: expect.any(String), online: false },
      { _id: second.id, name: 'Yedek', screen: null, createdAt: expect.any(String), lastSeenAt: expect.any(String), online: false },
    ]);
  });

  it('needs a session', async () => {
    await t.http.get('/api/devices').expect(401);
  });
});

describe('PUT /api/devices/{id}', () => {
  it('renames a device and moves it to another of the owner screens, or to none', async () => {
    const c = await newCustomer(t);
    const giris = await makeScreen(t, c.id, { name: 'Giriş' });
    const kasa = await makeScreen(t, c.id, { name: 'Kasa' });
    const d = await pairOn(c, giris.id);

    const renamed = await t.http.put(`/api/devices/${d.id}`).set(c.auth).send({ name: '  Kasa TV  ' }).expect(200);
    expect(ZDevice.parse(renamed.body)).toMatchObject({ _id: d.id, name: 'Kasa TV', screen: { _id: giris.id, name: 'Giriş' } });

    const moved = await t.http.put(`/api/devices/${d.id}`).set(c.auth).send({ screenId: kasa.id }).expect(200);
    expect(moved.body).toMatchObject({ name: 'Kasa TV', screen: { _id: kasa.id, name: 'Kasa' } });
    expect((await t.ctx.db.device.findUniqueOrThrow({ where: { id: d.id } })).screenId).toBe(kasa.id);

    const none = await t.http.put(`/api/devices/${d.id}`).set(c.auth).send({ screenId: null }).expect(200);
    expect(none.body.screen).toBeNull();
  });

  it('refuses bad input with a Turkish message and changes nothing', async () => {
    const c = await newCustomer(t);
    const giris = await makeScreen(t, c.id, { name: 'Giriş' });
    const d = await pairOn(c, giris.id, 'Lobi TV');
    const cases: [unknown, number, string][] = [
      [{ name: '   ' }, 400, 'Cihaz adı zorunludur'],
      [{ name: 'x'.repeat(101) }, 400, 'En fazla 100 karakter girilebilir'],
      [{ screenId: 'not-an-id' }, 400, 'Geçersiz kimlik'],
      [{ screenId: '00000000-0000-4000-8000-000000000000' }, 404, 'Ekran bulunamadı'],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.http.put(`/api/devices/${d.id}`).set(c.auth).send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    const row = await t.ctx.db.device.findUniqueOrThrow({ where: { id: d.id } });
    expect(row).toMatchObject({ name: 'Lobi TV', screenId: giris.id });
  });

  it("answers 404 for another customer's device and for their screen, changing nothing", async () => {
    const mine = await newCustomer(t);
    const theirs = await newCustomer(t);
    const myScreen = await makeScreen(t, mine.id, { name: 'Benim' });
    const theirScreen = await makeScreen(t, theirs.id, { name: 'Onların' });
    const myDevice = await pairOn(mine, myScreen.id, 'Benim TV');
    const theirDevice = await pairOn(theirs, theirScreen.id, 'Onların TV');

    const foreign = await t.http.put(`/api/devices/${theirDevice.id}`).set(mine.auth).send({ name: 'Ele geçirildi', screenId: myScreen.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND', message: 'Cihaz bulunamadı' });
    const intoTheirs = await t.http.put(`/api/devices/${myDevice.id}`).set(mine.auth).send({ screenId: theirScreen.id });
    expect(intoTheirs.status).toBe(404);
    expect(await t.ctx.db.device.findUniqueOrThrow({ where: { id: theirDevice.id } })).toMatchObject({ name: 'Onların TV', screenId: theirScreen.id });
    expect((await t.ctx.db.device.findUniqueOrThrow({ where: { id: myDevice.id } })).screenId).toBe(myScreen.id);
    await t.http.delete(`/api/devices/${theirDevice.id}`).set(mine.auth).expect(404);
    expect((await t.ctx.db.device.findUniqueOrThrow({ where: { id: theirDevice.id } })).revokedAt).toBeNull();
  });
});

describe('DELETE /api/devices/{id}', () => {
  it('revokes the device: its token is refused at once everywhere and it leaves the list', async () => {
    const c = await newCustomer(t);
    const giris = await makeScreen(t, c.id, { name: 'Giriş' });
    const d = await pairOn(c, giris.id);
    await t.http.get(`/api/screens/${giris.id}/config`).set(d.auth).expect(200);

    const res = await t.http.delete(`/api/devices/${d.id}`).set(c.auth).expect(200);
    expect(res.body.message).toBe('Cihaz kaldırıldı');
    await t.http.get('/api/devices/screens').set(d.auth).expect(401);
    await t.http.get(`/api/screens/${giris.id}/config`).set(d.auth).expect(401);
    expect((await t.http.get('/api/devices').set(c.auth)).body).toEqual([]);
    // Gone for good: a second removal finds nothing.
    await t.http.delete(`/api/devices/${d.id}`).set(c.auth).expect(404);
  });
});

describe('the device limit of a mobile code', () => {
  it("pairs at most one device per screen of the package, with a Turkish 409; removing one frees its place", async () => {
    const c = await newCustomer(t, { maxScreens: 2 });
    const first = await pairOn(c, null);
    await pairOn(c, null);
    const before = await t.ctx.db.device.count({ where: { ownerId: c.id } });

    const res = await t.http.post('/api/devices/pair').send({ mobileCode: await codeOf(c) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'LIMIT_REACHED',
      message: 'Cihaz sınırınıza ulaştınız (paketiniz en fazla 2 cihaz içindir). Yeni bir cihaz eşleştirmek için panelde Ekranlar sayfasından kullanılmayan bir cihazı kaldırın veya paketinizi yükseltin.',
    });
    expect(await t.ctx.db.device.count({ where: { ownerId: c.id } })).toBe(before);

    await t.http.delete(`/api/devices/${first.id}`).set(c.auth).expect(200);
    await t.http.post('/api/devices/pair').send({ mobileCode: await codeOf(c) }).expect(201);
  });

  it('holds under parallel pairings', async () => {
    const c = await newCustomer(t, { maxScreens: 2 });
    const code = await codeOf(c);
    const statuses = await Promise.all(Array.from({ length: 6 }, () => t.http.post('/api/devices/pair').send({ mobileCode: code }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    expect(await t.ctx.db.device.count({ where: { ownerId: c.id, revokedAt: null } })).toBe(2);
  });
});
