import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMyPackage } from '@pano/contract';
import { createTestApp, grantPackage, newAdmin, newCustomer, newUser, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const GB = 1024 ** 3;
const url = (userId: string) => `/api/purchase/my-package/${userId}`;

describe('GET /api/purchase/my-package/:userId', () => {
  it('returns the running package from the purchase snapshot, with usage against its limits', async () => {
    const u = await newUser(t);
    const pkg = await t.ctx.db.package.create({
      data: { name: 'Profesyonel', description: 'd', price: 1299, maxMediaUploadGb: 25, maxScreens: 15, maxPlaylists: 50 },
    });
    const purchase = await grantPackage(t, u.id, { maxMediaUploadGb: 4, maxScreens: 3, maxPlaylists: 8, durationDays: 30 });
    await t.ctx.db.purchase.update({ where: { id: purchase.id }, data: { packageId: pkg.id, packageName: 'Profesyonel (eski)' } });
    // An admin edit after the purchase must not change what the customer bought.
    await t.ctx.db.package.update({ where: { id: pkg.id }, data: { name: 'Profesyonel Plus', maxScreens: 99 } });
    await t.ctx.db.media.createMany({
      data: [
        { ownerId: u.id, name: 'a', fileName: `${randomUUID()}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(GB) },
        { ownerId: u.id, name: 'b', fileName: `${randomUUID()}.png`, kind: 'image', mime: 'image/png', sizeBytes: BigInt(Math.round(0.26 * GB)) },
      ],
    });
    await t.ctx.db.screen.createMany({ data: [{ ownerId: u.id, name: 'S1' }, { ownerId: u.id, name: 'S2' }] });
    await t.ctx.db.playlist.create({ data: { ownerId: u.id, name: 'P1' } });

    const res = await t.http.get(url(u.id)).set(u.auth);
    expect(res.status).toBe(200);
    const body = ZMyPackage.parse(res.body);
    const limits = { maxMediaUpload: 4, maxScreens: 3, maxPlaylists: 8 };
    expect(body).toEqual({
      package: { _id: pkg.id, name: 'Profesyonel (eski)', duration: 30, features: limits },
      status: 'completed',
      amountPaid: 499,
      purchaseDate: purchase.completedAt!.toISOString(),
      expiresAt: purchase.expiresAt!.toISOString(),
      mobileCode: purchase.mobileCode,
      isMobileVerified: false,
      usage: {
        mediaUsage: { used: 1.26, usedBytes: GB + Math.round(0.26 * GB), limit: 4, percentage: 31.5 },
        screenUsage: { used: 2, limit: 3, percentage: 66.7 },
        playlistUsage: { used: 1, limit: 8, percentage: 12.5 },
      },
      limits,
    });
  });

  it('reports a few MB of media exactly (bytes) and as a non-zero percentage, not as 0 GB', async () => {
    const u = await newUser(t);
    await grantPackage(t, u.id, { maxMediaUploadGb: 5, maxScreens: 1, maxPlaylists: 1, durationDays: 30 });
    const sizes = Array.from({ length: 9 }, (_, i) => 950_000 + i * 10_000);
    await t.ctx.db.media.createMany({
      data: sizes.map((size, i) => ({ ownerId: u.id, name: `foto ${i}`, fileName: `${randomUUID()}.jpg`, kind: 'image' as const, mime: 'image/jpeg', sizeBytes: BigInt(size) })),
    });
    const body = ZMyPackage.parse((await t.http.get(url(u.id)).set(u.auth).expect(200)).body);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(body.usage.mediaUsage).toEqual({ used: 0.01, usedBytes: total, limit: 5, percentage: 0.2 });
  });

  it('shows the latest completed purchase, ignoring expired and pending ones', async () => {
    const u = await newUser(t);
    const now = Date.now();
    const base = { userId: u.id, accountId: u.id, provider: 'test', amount: 10, durationDays: 30, maxMediaUploadGb: 1, maxScreens: 1, maxPlaylists: 1 };
    await t.ctx.db.purchase.createMany({
      data: [
        { ...base, status: 'completed', amountPaid: 10, packageName: 'Eski', completedAt: new Date(now - 40 * 86_400_000), expiresAt: new Date(now - 10 * 86_400_000) },
        { ...base, status: 'pending', packageName: 'Bekleyen' },
        { ...base, status: 'completed', amountPaid: 20, packageName: 'Güncel', completedAt: new Date(now - 86_400_000), expiresAt: new Date(now + 29 * 86_400_000) },
      ],
    });
    const res = await t.http.get(url(u.id)).set(u.auth);
    expect(res.status).toBe(200);
    expect(ZMyPackage.parse(res.body)).toMatchObject({ package: { _id: null, name: 'Güncel' }, amountPaid: 20, mobileCode: null });
  });

  it('402s a customer without a running package (none, expired or pending only)', async () => {
    const none = await newUser(t);
    const expired = await newUser(t);
    await grantPackage(t, expired.id);
    await t.ctx.db.purchase.updateMany({ where: { userId: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const u of [none, expired]) {
      const res = await t.http.get(url(u.id)).set(u.auth);
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({ code: 'PACKAGE_REQUIRED', message: 'Bu işlem için aktif bir paketiniz olmalıdır. Lütfen bir paket seçin.' });
    }
  });

  it("404s another customer's id and reveals nothing about it", async () => {
    const me = await newCustomer(t);
    const other = await newCustomer(t);
    for (const id of [other.id, randomUUID()]) {
      const res = await t.http.get(url(id)).set(me.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Paket bilgisi bulunamadı', code: 'NOT_FOUND' });
    }
  });

  it("lets an admin read a customer's package; a user without one is a 404 for them", async () => {
    const admin = await newAdmin(t);
    const c = await newCustomer(t, { maxScreens: 7 });
    const res = await t.http.get(url(c.id)).set(admin.auth);
    expect(res.status).toBe(200);
    expect(ZMyPackage.parse(res.body).limits.maxScreens).toBe(7);
    for (const id of [admin.id, (await newUser(t)).id]) {
      const none = await t.http.get(url(id)).set(admin.auth);
      expect(none.status).toBe(404);
      expect(none.body.message).toBe('Aktif paket bulunamadı');
    }
  });

  it("reads the account the person owns now, not an account that has their id", async () => {
    const admin = await newAdmin(t);
    const c = await newCustomer(t, { maxScreens: 7 });
    const other = await newUser(t);
    // c handed the account that has their id on and left it; at their next login they get a new one.
    await t.ctx.db.membership.deleteMany({ where: { userId: c.id } });
    await t.ctx.db.membership.create({ data: { accountId: c.id, userId: other.id, role: 'owner' } });
    await t.http.post('/api/auth/login').send({ email: c.email, password: 'secret123' }).expect(200);
    const none = await t.http.get(url(c.id)).set(admin.auth);
    expect([none.status, none.body.message]).toEqual([404, 'Aktif paket bulunamadı']);
  });

  it('401s without a token and 400s a malformed id', async () => {
    const u = await newCustomer(t);
    expect((await t.http.get(url(u.id))).status).toBe(401);
    const bad = await t.http.get(url('abc')).set(u.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Geçersiz kimlik');
  });
});
