import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCurrentPackageResponse, ZMyPackage, ZPurchaseCompletedResponse, ZPurchasePlan, ZSalesReport, type TScreenConfig } from '@pano/contract';
import { createTestApp, newAdmin, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { card, DAY_MS, newPackage, purchasesOf } from './payment-test.fixtures.js';
import { expirePurchase, sweepPurchases } from './purchases.jobs.js';
import { silentNotifier } from '../../realtime/screen-notifier.js';

// The app's clock can be moved forward, so "ten days later" needs no waiting.
let offsetMs = 0;
const pushes: string[] = [];
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date(Date.now() + offsetMs),
    notifier: { ...silentNotifier, screensChanged: async () => {}, ownerScreensChanged: async (ownerId) => void pushes.push(ownerId) },
  });
  admin = await newAdmin(t);
});
afterAll(async () => { await t.close(); });

const later = (days: number) => { offsetMs += days * DAY_MS; };
const catalogue = async () => ({
  trial: await newPackage(t, { name: 'Ücretsiz Deneme', price: 0, durationDays: 14 }),
  basic: await newPackage(t, { name: 'Başlangıç', price: 499 }),
  pro: await newPackage(t, { name: 'Profesyonel', price: 1299 }),
  corp: await newPackage(t, { name: 'Kurumsal', price: 3999, maxScreens: 100 }),
});

/** The on-page card flow of the dev processor: intent → card 4242 → complete-payment. */
async function buy(u: TestUser, packageId: string) {
  const intent = await t.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId }).expect(200);
  if (intent.body.completed) return intent.body.purchase;
  const paymentIntentId = intent.body.paymentIntentId as string;
  await t.http.post('/api/purchase/dev/confirm-card').set(u.auth).send({ paymentIntentId, ...card() }).expect(200);
  const done = await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId }).expect(200);
  return ZPurchaseCompletedResponse.parse(done.body).purchase;
}

const myPackage = async (u: TestUser) => ZMyPackage.parse((await t.http.get(`/api/purchase/my-package/${u.id}`).set(u.auth).expect(200)).body);
const plan = async (u: TestUser, packageId: string) => ZPurchasePlan.parse((await t.http.get(`/api/purchase/plan/${packageId}`).set(u.auth).expect(200)).body);
const now = () => Date.now() + offsetMs;
/** Completion reads the clock a moment after the test does. */
const closeTo = (iso: string, expected: number) => expect(Math.abs(Date.parse(iso) - expected)).toBeLessThan(10_000);

describe('buying while a package runs: paid time is never lost', () => {
  it('renewal: the same package again adds its days after the current expiry; one code, the old row ended', async () => {
    const u = await newUser(t);
    const { pro } = await catalogue();
    const first = await buy(u, pro.id);
    const firstEnd = Date.parse(first.expiresAt!);
    later(10);

    const preview = await plan(u, pro.id);
    expect(preview).toMatchObject({ kind: 'renewal', current: { packageId: pro.id, packageName: 'Profesyonel', remainingDays: 20, isFree: false }, extraDays: 0, durationDays: 30 });
    expect(Date.parse(preview.expiresAt)).toBe(firstEnd + 30 * DAY_MS);

    const second = await buy(u, pro.id);
    expect(Date.parse(second.expiresAt!)).toBe(firstEnd + 30 * DAY_MS);
    expect(second.mobileCode).toBe(first.mobileCode);
    const mine = await myPackage(u);
    expect(mine).toMatchObject({ package: { _id: pro.id, name: 'Profesyonel' }, mobileCode: first.mobileCode, expiresAt: second.expiresAt });

    const [old, renewed] = await purchasesOf(t, u);
    expect(old).toMatchObject({ status: 'expired', mobileCode: null });
    closeTo(old!.expiresAt!.toISOString(), now());
    expect(renewed).toMatchObject({ status: 'completed', previousPurchaseId: old!.id, mobileCode: first.mobileCode });
  });

  it('the same package twice in a row (no time between): 60 days, not 30', async () => {
    const u = await newUser(t);
    const { basic } = await catalogue();
    await buy(u, basic.id);
    await buy(u, basic.id);
    closeTo((await myPackage(u)).expiresAt, now() + 60 * DAY_MS);
  });

  it("a renewal of a package edited since the purchase is still a renewal (same id); the new purchase's terms apply", async () => {
    const u = await newUser(t);
    const { pro } = await catalogue();
    const first = await buy(u, pro.id);
    await t.ctx.db.package.update({ where: { id: pro.id }, data: { name: 'Profesyonel Plus', price: 1499, durationDays: 45, maxScreens: 20 } });
    expect((await plan(u, pro.id)).kind).toBe('renewal');
    await buy(u, pro.id);
    const mine = await myPackage(u);
    expect(Date.parse(mine.expiresAt)).toBe(Date.parse(first.expiresAt!) + 45 * DAY_MS);
    expect(mine).toMatchObject({ package: { name: 'Profesyonel Plus' }, limits: { maxScreens: 20 }, amountPaid: 1499 });
  });

  it('upgrade Profesyonel → Kurumsal: starts now, 20 unused days become 7 Kurumsal days; limits change, screens are pushed', async () => {
    const u = await newUser(t);
    const { pro, corp } = await catalogue();
    await buy(u, pro.id);
    later(10);
    const preview = await plan(u, corp.id);
    expect(preview).toMatchObject({ kind: 'change', current: { packageName: 'Profesyonel', remainingDays: 20 }, extraDays: 7, durationDays: 30, refusal: null });
    closeTo(preview.expiresAt, now() + 37 * DAY_MS);

    const before = pushes.filter((id) => id === u.id).length;
    const bought = await buy(u, corp.id);
    // The numbers the page showed are the ones applied (up to the seconds between the two calls).
    closeTo(bought.expiresAt!, Date.parse(preview.expiresAt));
    const mine = await myPackage(u);
    expect(mine).toMatchObject({ package: { _id: corp.id, name: 'Kurumsal' }, limits: { maxScreens: 100 } });
    closeTo(mine.expiresAt, now() + 37 * DAY_MS);
    expect(pushes.filter((id) => id === u.id).length - before).toBe(1);
  });

  it('downgrade Kurumsal → Başlangıç: 20 unused Kurumsal days become ceil(20·3999/499) = 161 days', async () => {
    const u = await newUser(t);
    const { basic, corp } = await catalogue();
    await buy(u, corp.id);
    later(10);
    expect(await plan(u, basic.id)).toMatchObject({ kind: 'change', extraDays: 161 });
    await buy(u, basic.id);
    closeTo((await myPackage(u)).expiresAt, now() + (30 + 161) * DAY_MS);
  });

  it('a free trial as the current package converts into 0 days, and the plan says so', async () => {
    const u = await newUser(t);
    const { trial, pro } = await catalogue();
    await buy(u, trial.id);
    later(4);
    expect(await plan(u, pro.id)).toMatchObject({ kind: 'change', current: { isFree: true, remainingDays: 10 }, extraDays: 0 });
    await buy(u, pro.id);
    closeTo((await myPackage(u)).expiresAt, now() + 30 * DAY_MS);
  });

  it('no free trial over a running paid package: the plan and the purchase refuse in Turkish, nothing written', async () => {
    const u = await newUser(t);
    const { trial, pro } = await catalogue();
    await buy(u, pro.id);
    const refusal = 'Ücretli paketiniz devam ederken ücretsiz deneme başlatılamaz; kalan günleriniz ücretsiz pakete aktarılamaz.';
    expect((await plan(u, trial.id)).refusal).toBe(refusal);
    const res = await t.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId: trial.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'CONFLICT', message: refusal });
    expect((await purchasesOf(t, u)).map((p) => p.status)).toEqual(['completed']);
  });

  it('the mobile code stays across renewal and upgrade: paired devices keep working and the code still pairs', async () => {
    const u = await newUser(t);
    const { basic, pro } = await catalogue();
    const screen = await t.ctx.db.screen.create({ data: { ownerId: u.id, name: 'Lobi' } });
    const first = await buy(u, basic.id);
    const paired = await t.http.post('/api/devices/pair').send({ mobileCode: first.mobileCode }).expect(201);
    const device = { Authorization: `Bearer ${paired.body.deviceToken}` };

    await buy(u, basic.id);
    later(3);
    await buy(u, pro.id);
    const mine = await myPackage(u);
    expect(mine).toMatchObject({ mobileCode: first.mobileCode, isMobileVerified: true });
    expect((await t.http.get('/api/devices/screens').set(device)).status).toBe(200);
    const config = await t.http.get(`/api/screens/${screen.id}/config`).set(device).expect(200);
    expect((config.body as TScreenConfig).notice).toBeNull();
    await t.http.post('/api/devices/pair').send({ mobileCode: first.mobileCode }).expect(201);
  });

  it("the old purchase's expiry job and the sweep, at its original expiry, leave the new package running", async () => {
    const u = await newUser(t);
    const { pro, corp } = await catalogue();
    await t.ctx.db.screen.create({ data: { ownerId: u.id, name: 'Kasa' } });
    await buy(u, pro.id);
    const [old] = await purchasesOf(t, u);
    later(25);
    await buy(u, corp.id);
    later(6); // past the old purchase's original end, before the new one's (30 + 2 days)

    await expirePurchase(t.ctx, old!.id);
    await sweepPurchases(t.ctx);
    expect((await myPackage(u)).package.name).toBe('Kurumsal');
    expect((await purchasesOf(t, u)).map((p) => p.status)).toEqual(['expired', 'completed']);
    expect((await t.http.get('/api/screens').set(u.auth)).status).toBe(200);
  });

  it('/api/purchase/current: the running package for /packages, null (200, never 402) without one', async () => {
    const u = await newUser(t);
    const { pro } = await catalogue();
    expect(ZCurrentPackageResponse.parse((await t.http.get('/api/purchase/current').set(u.auth).expect(200)).body)).toEqual({ current: null });
    expect(await plan(u, pro.id)).toMatchObject({ kind: 'new', current: null, extraDays: 0 });
    const bought = await buy(u, pro.id);
    const res = ZCurrentPackageResponse.parse((await t.http.get('/api/purchase/current').set(u.auth).expect(200)).body);
    expect(res.current).toEqual({ packageId: pro.id, packageName: 'Profesyonel', expiresAt: bought.expiresAt, remainingDays: 30, isFree: false });
  });

  it('plan input errors: 401 without a token, 400 for a malformed id, 404 for an unknown or inactive package', async () => {
    const u = await newUser(t);
    expect((await t.http.get('/api/purchase/current')).status).toBe(401);
    const bad = await t.http.get('/api/purchase/plan/abc').set(u.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Geçersiz kimlik');
    const inactive = await newPackage(t, { isActive: false });
    for (const id of [inactive.id, '00000000-0000-4000-8000-00000000dead']) {
      const res = await t.http.get(`/api/purchase/plan/${id}`).set(u.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Paket bulunamadı');
    }
  });
});

describe('completion converts once, however often and in whatever order it is called', () => {
  it('complete-payment again days later, and the hosted page then confirm-session, change nothing', async () => {
    const u = await newUser(t);
    const { pro, corp } = await catalogue();
    await buy(u, pro.id);
    later(10);
    const intent = await t.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId: corp.id }).expect(200);
    const paymentIntentId = intent.body.paymentIntentId as string;
    await t.http.post('/api/purchase/dev/confirm-card').set(u.auth).send({ paymentIntentId, ...card() }).expect(200);
    const calls = await Promise.all(Array.from({ length: 8 }, () => t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId })));
    expect(new Set(calls.map((c) => `${c.status} ${c.body.purchase.expiresAt}`)).size).toBe(1);
    const end = (await myPackage(u)).expiresAt;
    later(5);
    const again = await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId }).expect(200);
    expect(again.body.purchase.expiresAt).toBe(end);
    expect((await myPackage(u)).expiresAt).toBe(end);
    expect((await purchasesOf(t, u)).map((p) => p.status)).toEqual(['expired', 'completed']);

    // Hosted flow: the dev page completes it, confirm-session repeats it: still one conversion.
    const session = await t.http.post('/api/purchase/create-checkout-session').set(u.auth)
      .send({ packageId: corp.id, successUrl: 'http://localhost/purchase/x', cancelUrl: 'http://localhost/packages' }).expect(200);
    await t.http.post(new URL(session.body.url).pathname).type('form').send(card()).expect(303);
    const renewedEnd = Date.parse(end) + 30 * DAY_MS;
    for (let i = 0; i < 3; i++) {
      const r = await t.http.post('/api/purchase/confirm-session').set(u.auth).send({ sessionId: session.body.sessionId }).expect(200);
      expect(Date.parse(r.body.purchase.expiresAt)).toBe(renewedEnd);
    }
    expect(Date.parse((await myPackage(u)).expiresAt)).toBe(renewedEnd);
  });
});

describe('sales report after renewals and upgrades', () => {
  it('every paid purchase counts as a sale with its money, the replaced ones as well', async () => {
    const u = await newUser(t);
    const { pro, corp } = await catalogue();
    await buy(u, pro.id);
    await buy(u, pro.id);
    await buy(u, corp.id);
    const r = ZSalesReport.parse((await t.http.get(`/api/purchase/admin/sales?userId=${u.id}`).set(admin.auth).expect(200)).body);
    expect(r.statistics).toEqual({ totalSales: 1299 + 1299 + 3999, totalPurchases: 3, completedSales: 3, successRate: 100 });
    expect(r.purchases.map((p) => [p.package?.name, p.status])).toEqual([['Kurumsal', 'completed'], ['Profesyonel', 'expired'], ['Profesyonel', 'expired']]);
  });
});
