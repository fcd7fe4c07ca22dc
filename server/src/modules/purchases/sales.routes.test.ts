import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSalesReport, type TSalesReport } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { card, newPackage } from './payment-test.fixtures.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await newAdmin(t);
});
afterAll(async () => { await t.close(); });

const report = async (query = ''): Promise<TSalesReport> => {
  const res = await t.http.get(`/api/purchase/admin/sales${query}`).set(admin.auth);
  expect(res.status).toBe(200);
  return ZSalesReport.parse(res.body);
};

type Status = 'completed' | 'pending' | 'failed' | 'expired';

/** Purchases made directly, as the payment flow would leave them; createdAt spaced so the order is known. */
async function insertPurchases(userId: string, rows: { status: Status; amount: number; at: number; last4?: string; holder?: string; code?: string; verified?: boolean }[]) {
  await t.ctx.db.purchase.createMany({
    data: rows.map((r) => ({
      userId, accountId: userId,
      provider: 'test',
      status: r.status,
      amount: r.amount,
      amountPaid: r.status === 'completed' || r.status === 'expired' ? r.amount : null,
      cardLast4: r.last4 ?? null,
      cardHolder: r.holder ?? null,
      mobileCode: r.code ?? null,
      isMobileVerified: r.verified ?? false,
      packageName: `Paket ${r.amount}`,
      durationDays: 30,
      maxMediaUploadGb: 1,
      maxScreens: 1,
      maxPlaylists: 1,
      createdAt: new Date(r.at),
      expiresAt: r.status === 'completed' ? new Date(r.at + 30 * 86_400_000) : null,
    })),
  });
}

describe('GET /api/purchase/admin/sales', () => {
  it("narrowed to one customer: exact statistics and that customer's purchases, newest first", async () => {
    const u = await newUser(t);
    const code = `C${u.id.slice(0, 7).toUpperCase()}`;
    const now = Date.now();
    await insertPurchases(u.id, [
      { status: 'completed', amount: 499.5, at: now - 4000, last4: '4242', holder: 'Ayşe Yılmaz', code, verified: true },
      { status: 'completed', amount: 1299, at: now - 3000 },
      { status: 'failed', amount: 3999, at: now - 2000 },
      { status: 'pending', amount: 10.25, at: now - 1000 },
      { status: 'expired', amount: 77, at: now - 5000 },
    ]);

    const r = await report(`?userId=${u.id}`);
    // Paid purchases count, running or ended: the expired one's money was taken too.
    expect(r.statistics).toEqual({ totalSales: 1875.5, totalPurchases: 5, completedSales: 3, successRate: 60 });
    expect(r.purchases.map((p) => p.status)).toEqual(['pending', 'failed', 'completed', 'completed', 'expired']);
    expect(r.purchases[3]).toMatchObject({
      user: { email: u.email, firstName: 'Test', lastName: 'Kullanıcı' },
      package: { name: 'Paket 499.5' },
      paymentDetails: { amount: 499.5, cardNumber: '**** 4242', cardHolder: 'Ayşe Yılmaz' },
      mobileVerificationCode: code,
      isMobileVerified: true,
      createdAt: new Date(now - 4000).toISOString(),
      expiresAt: new Date(now - 4000 + 30 * 86_400_000).toISOString(),
    });
    expect(r.purchases[0]).toMatchObject({
      paymentDetails: { amount: 10.25, cardNumber: null, cardHolder: null },
      mobileVerificationCode: null, isMobileVerified: false, expiresAt: null,
    });
  });

  it('rounds the success rate to one decimal, and reports zeros for a customer with no purchases', async () => {
    const u = await newUser(t);
    const now = Date.now();
    await insertPurchases(u.id, [
      { status: 'completed', amount: 1, at: now - 3000 },
      { status: 'failed', amount: 1, at: now - 2000 },
      { status: 'failed', amount: 1, at: now - 1000 },
    ]);
    expect((await report(`?userId=${u.id}`)).statistics).toEqual({ totalSales: 1, totalPurchases: 3, completedSales: 1, successRate: 33.3 });
    const empty = await report(`?userId=${(await newUser(t)).id}`);
    expect(empty).toEqual({ statistics: { totalSales: 0, totalPurchases: 0, completedSales: 0, successRate: 0 }, purchases: [] });
  });

  it("unfiltered: covers every customer's purchases (statistics grow by at least what we added)", async () => {
    const before = await report();
    const a = await newUser(t);
    const b = await newUser(t);
    const now = Date.now();
    await insertPurchases(a.id, [{ status: 'completed', amount: 100, at: now }]);
    await insertPurchases(b.id, [{ status: 'failed', amount: 50, at: now + 1 }]);
    const after = await report();
    // Other test files write purchases to the same database concurrently, so only lower
    // bounds hold here; exact unfiltered figures are asserted in sales.service.test.ts.
    expect(after.statistics.totalPurchases - before.statistics.totalPurchases).toBeGreaterThanOrEqual(2);
    expect(after.statistics.completedSales - before.statistics.completedSales).toBeGreaterThanOrEqual(1);
    expect(after.statistics.totalSales - before.statistics.totalSales).toBeGreaterThanOrEqual(100);
    const emails = after.purchases.map((p) => p.user?.email);
    expect(emails).toContain(a.email);
    expect(emails).toContain(b.email);
    const times = after.purchases.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it("a declined card is a failed sale ('Başarısız'), not a pending one; a later attempt is its own sale", async () => {
    const u = await newUser(t);
    const pkg = await newPackage(t, { price: 250 });
    const attempt = async (cardNumber: string) => {
      const intent = await t.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId: pkg.id }).expect(200);
      const paymentIntentId = intent.body.paymentIntentId as string;
      const paid = await t.http.post('/api/purchase/dev/confirm-card').set(u.auth).send({ paymentIntentId, ...card(cardNumber) });
      if (paid.status === 200) await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId }).expect(200);
    };

    await attempt('4000 0000 0000 0002');
    let r = await report(`?userId=${u.id}`);
    expect(r.purchases.map((p) => p.status)).toEqual(['failed']);
    expect(r.statistics).toEqual({ totalSales: 0, totalPurchases: 1, completedSales: 0, successRate: 0 });

    await attempt('4242 4242 4242 4242');
    r = await report(`?userId=${u.id}`);
    expect(r.purchases.map((p) => p.status)).toEqual(['completed', 'failed']);
    expect(r.statistics).toEqual({ totalSales: 250, totalPurchases: 2, completedSales: 1, successRate: 50 });
  });

  it('401 without a token, 403 for customers, 400 for a malformed userId filter', async () => {
    expect((await t.http.get('/api/purchase/admin/sales')).status).toBe(401);
    const c: TestUser = await newCustomer(t);
    const res = await t.http.get('/api/purchase/admin/sales').set(c.auth);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'Bu işlem yalnızca yöneticiler içindir' });
    const bad = await t.http.get('/api/purchase/admin/sales?userId=nope').set(admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Geçersiz kimlik');
  });

  it('keeps a purchase in the report, with its package name, after the package is deleted', async () => {
    const u = await newUser(t);
    const pkg = await t.ctx.db.package.create({ data: { name: 'Geçici Paket', description: 'd', price: 5, maxMediaUploadGb: 1, maxScreens: 1, maxPlaylists: 1 } });
    await insertPurchases(u.id, [{ status: 'completed', amount: 5, at: Date.now() }]);
    await t.ctx.db.purchase.updateMany({ where: { userId: u.id }, data: { packageId: pkg.id, packageName: pkg.name } });
    await t.http.delete(`/api/packages/admin/${pkg.id}`).set(admin.auth).expect(200);
    const r = await report(`?userId=${u.id}`);
    expect(r.purchases).toHaveLength(1);
    expect(r.purchases[0]!.package).toEqual({ name: 'Geçici Paket' });
    expect(r.statistics).toMatchObject({ totalSales: 5, completedSales: 1 });
  });
});
