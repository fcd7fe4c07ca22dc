import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPairDeviceResponse } from '@pano/contract';
import { createTestApp, grantPackage, newCustomer, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function customerWithCode() {
  const c = await newCustomer(t);
  const purchase = await t.ctx.db.purchase.findFirstOrThrow({ where: { userId: c.id } });
  return { ...c, purchase, mobileCode: purchase.mobileCode! };
}

const pair = (mobileCode: string, name?: string) => t.http.post('/api/devices/pair').send({ mobileCode, name });

describe('POST /api/devices/pair', () => {
  it('pairs with the mobile code (any case), marks the purchase verified and lists the owner screens', async () => {
    const c = await customerWithCode();
    const first = await t.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Giriş' } });
    const second = await t.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Kasa' } });
    expect(c.purchase.isMobileVerified).toBe(false);

    const res = await pair(` ${c.mobileCode.toLowerCase()} `, 'Salon TV');
    expect(res.status).toBe(201);
    const body = ZPairDeviceResponse.parse(res.body);
    expect(body.owner).toEqual({ firstName: 'Test' });
    expect(body.screens).toEqual([{ _id: first.id, name: 'Giriş' }, { _id: second.id, name: 'Kasa' }]);

    expect((await t.ctx.db.purchase.findUniqueOrThrow({ where: { id: c.purchase.id } })).isMobileVerified).toBe(true);
    const device = await t.ctx.db.device.findUniqueOrThrow({ where: { id: body.deviceId } });
    expect(device).toMatchObject({ ownerId: c.id, name: 'Salon TV', screenId: null, revokedAt: null });
    expect(await t.ctx.tokens.verify(body.deviceToken)).toEqual({ kind: 'device', sub: device.id, ownerId: c.id });
  });

  it("refuses a wrong code with 'Geçersiz mobil kod' and changes nothing", async () => {
    const c = await customerWithCode();
    const devicesBefore = await t.ctx.db.device.count();
    const res = await pair('YANLIS00');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Geçersiz mobil kod');
    expect(await t.ctx.db.device.count()).toBe(devicesBefore);
    expect((await t.ctx.db.purchase.findUniqueOrThrow({ where: { id: c.purchase.id } })).isMobileVerified).toBe(false);
  });

  it('refuses the code of an expired or unfinished purchase', async () => {
    const c = await customerWithCode();
    await t.ctx.db.purchase.update({ where: { id: c.purchase.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await pair(c.mobileCode)).body.message).toBe('Geçersiz mobil kod');
    await t.ctx.db.purchase.update({ where: { id: c.purchase.id }, data: { expiresAt: new Date(Date.now() + 86_400_000), status: 'pending' } });
    expect((await pair(c.mobileCode)).status).toBe(400);
    expect((await t.ctx.db.purchase.findUniqueOrThrow({ where: { id: c.purchase.id } })).isMobileVerified).toBe(false);
  });

  it('asks for the code when it is missing', async () => {
    const res = await t.http.post('/api/devices/pair').send({});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Mobil kod zorunludur');
  });

  it('is rate limited like login', async () => {
    const limited = await createTestApp({ config: { authRateLimitPer15Min: 2 } });
    try {
      await limited.http.post('/api/devices/pair').send({ mobileCode: 'X1' }).expect(400);
      await limited.http.post('/api/devices/pair').send({ mobileCode: 'X2' }).expect(400);
      const res = await limited.http.post('/api/devices/pair').send({ mobileCode: 'X3' });
      expect(res.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('device calls', () => {
  async function pairedCustomer() {
    const c = await customerWithCode();
    const screen = await t.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Giriş' } });
    const body = ZPairDeviceResponse.parse((await pair(c.mobileCode)).body);
    return { ...c, screen, device: { id: body.deviceId, auth: { Authorization: `Bearer ${body.deviceToken}` } } };
  }

  it("GET /api/devices/screens lists only the owner's screens", async () => {
    const c = await pairedCustomer();
    const other = await newCustomer(t);
    await t.ctx.db.screen.create({ data: { ownerId: other.id, name: 'Başkası' } });
    const res = await t.http.get('/api/devices/screens').set(c.device.auth).expect(200);
    expect(res.body).toEqual([{ _id: c.screen.id, name: 'Giriş' }]);
  });

  it('PUT /api/devices/screen remembers the chosen screen', async () => {
    const c = await pairedCustomer();
    const res = await t.http.put('/api/devices/screen').set(c.device.auth).send({ screenId: c.screen.id }).expect(200);
    expect(res.body).toEqual({ deviceId: c.device.id, screen: { _id: c.screen.id, name: 'Giriş' } });
    expect((await t.ctx.db.device.findUniqueOrThrow({ where: { id: c.device.id } })).screenId).toBe(c.screen.id);
  });

  it('the audit log names the device acting by the name it has on /settings', async () => {
    const c = await pairedCustomer();
    await t.ctx.db.device.update({ where: { id: c.device.id }, data: { name: 'Lobi TV' } });
    await t.http.put('/api/devices/screen').set(c.device.auth).send({ screenId: c.screen.id }).expect(200);
    const event = await t.ctx.db.auditEvent.findFirstOrThrow({ where: { action: 'device.selectScreen', targetId: c.device.id } });
    expect([event.actorType, event.actorId, event.actorName, event.targetName]).toEqual(['device', c.device.id, 'Lobi TV', 'Lobi TV']);
  });

  it("PUT /api/devices/screen refuses another customer's screen (404) and keeps the choice", async () => {
    const c = await pairedCustomer();
    await t.http.put('/api/devices/screen').set(c.device.auth).send({ screenId: c.screen.id }).expect(200);
    const other = await newCustomer(t);
    const foreign = await t.ctx.db.screen.create({ data: { ownerId: other.id, name: 'Başkası' } });
    const res = await t.http.put('/api/devices/screen').set(c.device.auth).send({ screenId: foreign.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Ekran bulunamadı');
    expect((await t.ctx.db.device.findUniqueOrThrow({ where: { id: c.device.id } })).screenId).toBe(c.screen.id);
    const missing = await t.http.put('/api/devices/screen').set(c.device.auth).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Lütfen bir ekran seçin');
  });

  it('device endpoints refuse user tokens, missing tokens and revoked devices', async () => {
    const c = await pairedCustomer();
    await t.http.get('/api/devices/screens').expect(401);
    await t.http.get('/api/devices/screens').set(c.auth).expect(401);
    await t.ctx.db.device.update({ where: { id: c.device.id }, data: { revokedAt: new Date() } });
    await t.http.get('/api/devices/screens').set(c.device.auth).expect(401);
  });

  it('a device keeps working after the customer renews (pairing again verifies the new purchase)', async () => {
    const c = await pairedCustomer();
    const renewal = await grantPackage(t, c.id);
    await t.http.get('/api/devices/screens').set(c.device.auth).expect(200);
    await pair(renewal.mobileCode!).expect(201);
    expect((await t.ctx.db.purchase.findUniqueOrThrow({ where: { id: renewal.id } })).isMobileVerified).toBe(true);
  });
});
