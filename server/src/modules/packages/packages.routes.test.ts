import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPackage, ZPackageUsage, type TPackageWrite } from '@pano/contract';
import { createTestApp, grantPackage, newAdmin, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await newAdmin(t);
  customer = await newCustomer(t);
});
afterAll(async () => { await t.close(); });

const tag = () => randomUUID().slice(0, 8);
const validBody = (over: Partial<TPackageWrite> = {}): TPackageWrite => ({
  name: `Paket ${tag()}`,
  description: 'Açıklama',
  price: 249.9,
  features: { maxMediaUpload: 10, maxScreens: 4, maxPlaylists: 12 },
  isPopular: true,
  duration: 60,
  ...over,
});

/** A package row made directly, for tests that are not about creating one. */
async function makePackage(over: { price?: number; isActive?: boolean; name?: string } = {}) {
  return t.ctx.db.package.create({
    data: { name: over.name ?? `Paket ${tag()}`, description: 'd', price: over.price ?? 100, isActive: over.isActive ?? true, maxMediaUploadGb: 2, maxScreens: 2, maxPlaylists: 2 },
  });
}

describe('GET /api/packages', () => {
  it('lists only active packages, cheapest first, in the contract shape', async () => {
    const cheap = await makePackage({ price: 0.5 });
    const dear = await makePackage({ price: 99_999.99 });
    const hidden = await makePackage({ price: 1, isActive: false });
    const res = await t.http.get('/api/packages');
    expect(res.status).toBe(200);
    const list = ZPackage.array().parse(res.body);
    const ids = list.map((p) => p._id);
    expect(ids).toContain(cheap.id);
    expect(ids).toContain(dear.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(cheap.id)).toBeLessThan(ids.indexOf(dear.id));
    const prices = list.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(list.find((p) => p._id === dear.id)).toMatchObject({
      price: 99_999.99, duration: 30, isActive: true, isPopular: false,
      features: { maxMediaUpload: 2, maxScreens: 2, maxPlaylists: 2 },
    });
  });
});

describe('GET /api/packages/:id', () => {
  it('returns an active package to anyone', async () => {
    const p = await makePackage({ price: 12.34 });
    const res = await t.http.get(`/api/packages/${p.id}`);
    expect(res.status).toBe(200);
    expect(ZPackage.parse(res.body)).toMatchObject({ _id: p.id, price: 12.34 });
  });

  it("404s 'Paket bulunamadı' for a missing package and for an inactive one (except for admins)", async () => {
    const inactive = await makePackage({ isActive: false });
    for (const [id, headers] of [[randomUUID(), {}], [inactive.id, {}], [inactive.id, customer.auth], [inactive.id, { Authorization: 'Bearer stale' }]] as const) {
      const res = await t.http.get(`/api/packages/${id}`).set(headers);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Paket bulunamadı', code: 'NOT_FOUND' });
    }
    const asAdmin = await t.http.get(`/api/packages/${inactive.id}`).set(admin.auth);
    expect(asAdmin.status).toBe(200);
    expect(ZPackage.parse(asAdmin.body).isActive).toBe(false);
  });

  it('400s a malformed id', async () => {
    const res = await t.http.get('/api/packages/not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Geçersiz kimlik');
  });
});

describe('admin routes: authentication and role', () => {
  const calls = (id: string) => [
    ['get', '/api/packages/admin'],
    ['post', '/api/packages/admin'],
    ['put', `/api/packages/admin/${id}`],
    ['delete', `/api/packages/admin/${id}`],
    ['get', `/api/packages/admin/${id}/usage`],
  ] as const;

  it('401 without a token, 403 for customers, and nothing changes', async () => {
    const p = await makePackage();
    const before = await t.ctx.db.package.count();
    for (const [method, url] of calls(p.id)) {
      const anon = await t.http[method](url).send(validBody());
      expect(anon.status).toBe(401);
      const cust = await t.http[method](url).set(customer.auth).send(validBody());
      expect(cust.status).toBe(403);
      expect(cust.body).toMatchObject({ code: 'FORBIDDEN', message: 'Bu işlem yalnızca yöneticiler içindir' });
    }
    expect(await t.ctx.db.package.count()).toBe(before);
    expect(await t.ctx.db.package.findUniqueOrThrow({ where: { id: p.id } })).toEqual(p);
  });
});

describe('GET /api/packages/admin', () => {
  it('lists inactive packages too', async () => {
    const inactive = await makePackage({ isActive: false });
    const res = await t.http.get('/api/packages/admin').set(admin.auth);
    expect(res.status).toBe(200);
    const list = ZPackage.array().parse(res.body);
    expect(list.find((p) => p._id === inactive.id)?.isActive).toBe(false);
  });
});

describe('POST /api/packages/admin', () => {
  it('creates a package (201) that the public list then shows', async () => {
    const body = validBody();
    const res = await t.http.post('/api/packages/admin').set(admin.auth).send(body);
    expect(res.status).toBe(201);
    const created = ZPackage.parse(res.body);
    expect(created).toMatchObject({ name: body.name, description: 'Açıklama', price: 249.9, duration: 60, isPopular: true, isActive: true, features: body.features });
    const row = await t.ctx.db.package.findUniqueOrThrow({ where: { id: created._id } });
    expect(row.price.toString()).toBe('249.9');
    const list = ZPackage.array().parse((await t.http.get('/api/packages')).body);
    expect(list.map((p) => p._id)).toContain(created._id);
  });

  it('defaults the duration to 30 days and isPopular to false', async () => {
    const { duration: _d, isPopular: _p, ...body } = validBody();
    const res = await t.http.post('/api/packages/admin').set(admin.auth).send(body);
    expect(res.status).toBe(201);
    expect(ZPackage.parse(res.body)).toMatchObject({ duration: 30, isPopular: false });
  });

  it("keeps the member limit ('Üye sınırı', default 5), which purchases of it copy; refuses 0 in Turkish", async () => {
    const five = ZPackage.parse((await t.http.post('/api/packages/admin').set(admin.auth).send(validBody()).expect(201)).body);
    expect(five.features.maxMembers).toBe(5);
    const body = validBody({ features: { maxMediaUpload: 1, maxScreens: 1, maxPlaylists: 1, maxMembers: 12 } });
    const twelve = ZPackage.parse((await t.http.post('/api/packages/admin').set(admin.auth).send(body).expect(201)).body);
    expect(twelve.features.maxMembers).toBe(12);
    expect((await t.ctx.db.package.findUniqueOrThrow({ where: { id: twelve._id } })).maxMembers).toBe(12);
    const bad = await t.http.post('/api/packages/admin').set(admin.auth).send(validBody({ features: { maxMediaUpload: 1, maxScreens: 1, maxPlaylists: 1, maxMembers: 0 } }));
    expect([bad.status, bad.body.message]).toEqual([400, 'Üye sınırı en az 1 olmalıdır']);
  });

  it('accepts numeric strings from form inputs and a free (price 0) package', async () => {
    const res = await t.http.post('/api/packages/admin').set(admin.auth)
      .send({ ...validBody({ price: 0 }), duration: '14', features: { maxMediaUpload: '1', maxScreens: '1', maxPlaylists: '2' } });
    expect(res.status).toBe(201);
    expect(ZPackage.parse(res.body)).toMatchObject({ price: 0, duration: 14, features: { maxMediaUpload: 1, maxScreens: 1, maxPlaylists: 2 } });
  });

  const features = validBody().features;
  it.each([
    [{ name: '' }, 'Paket adı zorunludur'],
    [{ name: '   ' }, 'Paket adı zorunludur'],
    [{ name: undefined }, 'Paket adı zorunludur'],
    [{ name: 'x'.repeat(101) }, 'En fazla 100 karakter girilebilir'],
    [{ description: undefined }, 'Açıklama zorunludur'],
    [{ price: undefined }, 'Fiyat zorunludur'],
    [{ price: '' }, 'Fiyat zorunludur'],
    [{ price: null }, 'Fiyat zorunludur'],
    [{ price: 'abc' }, 'Fiyat bir sayı olmalıdır'],
    [{ price: -0.01 }, 'Fiyat 0 veya daha büyük olmalıdır'],
    [{ price: 1_000_000.01 }, 'Fiyat en fazla 1000000 olabilir'],
    [{ price: 10.005 }, 'Fiyat en fazla 2 ondalık basamak içerebilir'],
    [{ features: undefined }, 'Paket özellikleri zorunludur'],
    [{ features: { ...features, maxMediaUpload: undefined } }, 'Medya depolama (GB) zorunludur'],
    [{ features: { ...features, maxMediaUpload: 0 } }, 'Medya depolama (GB) en az 1 olmalıdır'],
    [{ features: { ...features, maxScreens: 0 } }, 'Maksimum ekran sayısı en az 1 olmalıdır'],
    [{ features: { ...features, maxScreens: 2.5 } }, 'Maksimum ekran sayısı tam sayı olmalıdır'],
    [{ features: { ...features, maxPlaylists: -3 } }, 'Maksimum playlist sayısı en az 1 olmalıdır'],
    [{ duration: 0 }, 'Süre (gün) en az 1 olmalıdır'],
    [{ duration: 1.5 }, 'Süre (gün) tam sayı olmalıdır'],
    [{ duration: 3651 }, 'Süre (gün) en fazla 3650 olabilir'],
    [{ features: { ...features, maxPlaylists: true } }, 'Maksimum playlist sayısı bir sayı olmalıdır'],
    [{ isPopular: 'yes' }, 'Popüler alanı true veya false olmalıdır'],
  ])('rejects %j with a Turkish message and creates nothing', async (over, message) => {
    const before = await t.ctx.db.package.count();
    const res = await t.http.post('/api/packages/admin').set(admin.auth).send({ ...validBody(), ...over });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await t.ctx.db.package.count()).toBe(before);
  });
});

describe('PUT /api/packages/admin/:id', () => {
  it('replaces the whole package', async () => {
    const p = await makePackage({ isActive: false });
    const body = validBody({ price: 1999.99, duration: 90 });
    const res = await t.http.put(`/api/packages/admin/${p.id}`).set(admin.auth).send(body);
    expect(res.status).toBe(200);
    // isActive is left as it was when the full body omits it.
    expect(ZPackage.parse(res.body)).toMatchObject({ _id: p.id, name: body.name, price: 1999.99, duration: 90, isPopular: true, isActive: false, features: body.features });
    const row = await t.ctx.db.package.findUniqueOrThrow({ where: { id: p.id } });
    expect({ name: row.name, maxScreens: row.maxScreens, durationDays: row.durationDays }).toEqual({ name: body.name, maxScreens: 4, durationDays: 90 });
  });

  it('toggles with only { isActive } and leaves everything else alone', async () => {
    const p = await makePackage();
    const off = await t.http.put(`/api/packages/admin/${p.id}`).set(admin.auth).send({ isActive: false });
    expect(off.status).toBe(200);
    expect(ZPackage.parse(off.body)).toMatchObject({ isActive: false, name: p.name, price: 100 });
    expect((await t.http.get(`/api/packages/${p.id}`)).status).toBe(404);
    const on = await t.http.put(`/api/packages/admin/${p.id}`).set(admin.auth).send({ isActive: true });
    expect(ZPackage.parse(on.body).isActive).toBe(true);
    expect((await t.http.get(`/api/packages/${p.id}`)).status).toBe(200);
  });

  it.each([
    [{ isActive: 'no' }, 'Geçersiz durum'],
    [{ isActive: false, name: 'x' }, 'Açıklama zorunludur'],
    [{ price: 5 }, 'Paket adı zorunludur'],
  ])('rejects %j and changes nothing', async (body, message) => {
    const p = await makePackage();
    const res = await t.http.put(`/api/packages/admin/${p.id}`).set(admin.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await t.ctx.db.package.findUniqueOrThrow({ where: { id: p.id } })).toEqual(p);
  });

  it('404s an unknown id', async () => {
    const res = await t.http.put(`/api/packages/admin/${randomUUID()}`).set(admin.auth).send({ isActive: false });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Paket bulunamadı');
  });
});

describe('DELETE /api/packages/admin/:id', () => {
  it('deletes the package; purchases keep their snapshot and lose only the link', async () => {
    const p = await makePackage({ name: `Silinecek ${tag()}` });
    const buyer = await newUser(t);
    const purchase = await grantPackage(t, buyer.id);
    await t.ctx.db.purchase.update({ where: { id: purchase.id }, data: { packageId: p.id, packageName: p.name } });

    const res = await t.http.delete(`/api/packages/admin/${p.id}`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Paket silindi');
    expect(await t.ctx.db.package.findUnique({ where: { id: p.id } })).toBeNull();
    const kept = await t.ctx.db.purchase.findUniqueOrThrow({ where: { id: purchase.id } });
    expect(kept).toMatchObject({ packageId: null, packageName: p.name, status: 'completed', maxScreens: 3 });

    const again = await t.http.delete(`/api/packages/admin/${p.id}`).set(admin.auth);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Paket bulunamadı');
  });
});

describe('GET /api/packages/admin/:id/usage', () => {
  async function buy(p: { id: string }, userId: string, status: 'completed' | 'expired' | 'pending' | 'failed', daysLeft = 10) {
    const purchase = await grantPackage(t, userId);
    const expiresAt = new Date(t.ctx.clock().getTime() + daysLeft * 86_400_000);
    await t.ctx.db.purchase.update({ where: { id: purchase.id }, data: { packageId: p.id, status, expiresAt } });
  }

  it('counts the customers who bought the package and those whose purchase of it still runs', async () => {
    const p = await makePackage();
    const [running, twice, lapsed, unpaid] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    await buy(p, running.id, 'completed');
    await buy(p, twice.id, 'completed');
    await buy(p, twice.id, 'completed', 40); // a renewal: still one customer
    await buy(p, lapsed.id, 'expired', -5);
    await buy(p, lapsed.id, 'completed', -1); // past its expiry, not yet swept
    await buy(p, unpaid.id, 'pending');
    await buy(p, unpaid.id, 'failed');
    await buy(await makePackage(), running.id, 'completed'); // another package
    // A buyer whose account was deleted before its purchase was ended: a customer, not a running one.
    const gone = await newUser(t);
    await buy(p, gone.id, 'completed');
    await t.ctx.db.purchase.updateMany({ where: { userId: gone.id }, data: { accountId: null } });

    const res = await t.http.get(`/api/packages/admin/${p.id}/usage`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(ZPackageUsage.parse(res.body)).toEqual({ customers: 4, activeCustomers: 2 });
    expect((await t.http.get(`/api/packages/admin/${(await makePackage()).id}/usage`).set(admin.auth)).body)
      .toEqual({ customers: 0, activeCustomers: 0 });
  });

  it('404s an unknown package', async () => {
    const res = await t.http.get(`/api/packages/admin/${randomUUID()}/usage`).set(admin.auth);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Paket bulunamadı');
  });
});
