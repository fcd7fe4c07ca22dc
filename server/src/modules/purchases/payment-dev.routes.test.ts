import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCreatePaymentIntentResponse, ZPaymentConfig, ZPurchaseCompletedResponse } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { card, DAY_MS, MOBILE_CODE, newPackage, purchasesOf } from './payment-test.fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function startIntent(u: TestUser, packageId: string) {
  const res = await t.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId });
  expect(res.status).toBe(200);
  const body = ZCreatePaymentIntentResponse.parse(res.body);
  if (body.completed) throw new Error('expected a client secret');
  return body;
}

describe('dev processor: on-page card flow', () => {
  it('answers the dev provider without a publishable key when no Stripe key is set', async () => {
    const u = await newUser(t);
    const res = await t.http.get('/api/purchase/config').set(u.auth);
    expect(res.status).toBe(200);
    expect(ZPaymentConfig.parse(res.body)).toEqual({ provider: 'dev' });
    expect((await t.http.get('/api/purchase/config')).status).toBe(401);
  });

  it('intent → card 4242 → complete-payment completes once, with card summary, mobile code and expiry', async () => {
    const u = await newUser(t);
    const pkg = await newPackage(t, { price: 499.9, durationDays: 30 });
    const intent = await startIntent(u, pkg.id);
    expect(intent.clientSecret).toContain(intent.paymentIntentId);
    let [row] = await purchasesOf(t, u);
    expect(row).toMatchObject({ status: 'pending', providerPaymentId: intent.paymentIntentId, packageName: pkg.name, durationDays: 30, mobileCode: null });
    expect(Number(row!.amount)).toBe(499.9);

    const confirm = await t.http.post('/api/purchase/dev/confirm-card').set(u.auth).send({ paymentIntentId: intent.paymentIntentId, ...card() });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ status: 'succeeded', paymentIntentId: intent.paymentIntentId });

    const done = await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId: intent.paymentIntentId });
    expect(done.status).toBe(200);
    const body = ZPurchaseCompletedResponse.parse(done.body);
    expect(body.purchase).toMatchObject({ status: 'completed', packageName: pkg.name, amountPaid: 499.9 });
    expect(body.purchase.mobileCode).toMatch(MOBILE_CODE);

    [row] = await purchasesOf(t, u);
    expect(row).toMatchObject({ status: 'completed', cardBrand: 'visa', cardLast4: '4242', cardHolder: 'Ayşe Yılmaz', mobileCode: body.purchase.mobileCode });
    expect(Number(row!.amountPaid)).toBe(499.9);
    expect(row!.expiresAt!.getTime() - row!.completedAt!.getTime()).toBe(30 * DAY_MS);
    // Nothing anywhere holds the full card number.
    expect(JSON.stringify(row)).not.toContain('4242424242424242');

    // Repeating is harmless: same purchase, same code.
    const again = await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId: intent.paymentIntentId });
    expect(again.status).toBe(200);
    expect(again.body.purchase.mobileCode).toBe(body.purchase.mobileCode);
    expect(await purchasesOf(t, u)).toHaveLength(1);

    const mine = await t.http.get(`/api/purchase/my-package/${u.id}`).set(u.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.package.name).toBe(pkg.name);
  });

  it('declined card 4000 0000 0000 0002: 400 CARD_DECLINED in Turkish (never 402), the purchase failed, no package', async () => {
    const u = await newUser(t);
    const pkg = await newPackage(t);
    const intent = await startIntent(u, pkg.id);
    const res = await t.http.post('/api/purchase/dev/confirm-card').set(u.auth).send({ paymentIntentId: intent.paymentIntentId, ...card('4000 0000 0000 0002') });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'CARD_DECLINED', message: 'Kartınız reddedildi. Lütfen başka bir kart deneyin.' });
    // The decline is recorded at once ('Başarısız'), not left 'Bekliyor' until the abandon job.
    expect((await purchasesOf(t, u))[0]).toMatchObject({ status: 'failed', mobileCode: null, cardLast4: null, amountPaid: null });

    const complete = await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId: intent.paymentIntentId });
    expect(complete.status).toBe(400);
    expect(complete.body.code).toBe('CARD_DECLINED');
    const [row] = await purchasesOf(t, u);
    expect(row).toMatchObject({ status: 'failed', mobileCode: null, cardLast4: null, amountPaid: null });
    expect((await t.http.get(`/api/purchase/my-package/${u.id}`).set(u.auth)).status).toBe(402);
  });

  it('a retry with a good card on the declined payment completes that same purchase', async () => {
    const u = await newUser(t);
    const intent = await startIntent(u, (await newPackage(t)).id);
    const pay = (n: string) => t.http.post('/api/purchase/dev/confirm-card').set(u.auth).send({ paymentIntentId: intent.paymentIntentId, ...card(n) });
    expect((await pay('4000 0000 0000 9995')).body.message).toBe('Kartınızda yeterli bakiye yok. Lütfen başka bir kart deneyin.');
    expect((await purchasesOf(t, u)).map((p) => p.status)).toEqual(['failed']);
    await pay('4242 4242 4242 4242').expect(200);
    await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId: intent.paymentIntentId }).expect(200);
    const rows = await purchasesOf(t, u);
    expect(rows.map((p) => [p.status, p.cardLast4])).toEqual([['completed', '4242']]);
  });

  it('completing before the card was charged is a 400, and changes nothing', async () => {
    const u = await newUser(t);
    const intent = await startIntent(u, (await newPackage(t)).id);
    const res = await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId: intent.paymentIntentId });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PAYMENT_FAILED');
    expect((await purchasesOf(t, u))[0]!.status).toBe('pending');
  });

  it('rejects bad card fields with the field\'s Turkish message', async () => {
    const u = await newUser(t);
    const intent = await startIntent(u, (await newPackage(t)).id);
    const send = (c: object) => t.http.post('/api/purchase/dev/confirm-card').set(u.auth).send({ paymentIntentId: intent.paymentIntentId, ...card(), ...c });
    expect((await send({ cardNumber: '12ab' })).body.message).toBe('Kart numarası geçersiz');
    expect((await send({ cardHolder: ' ' })).body.message).toBe('Kart sahibinin adı zorunludur');
    expect((await send({ expiry: '13/30' })).body.message).toBe('Son kullanma tarihi AA/YY biçiminde olmalıdır');
    expect((await send({ expiry: '01/20' })).body.message).toBe('Kartın son kullanma tarihi geçmiş.');
    expect((await send({ cvc: '1' })).body.message).toBe('Güvenlik kodu (CVC) geçersiz');
    expect((await send({ cardNumber: '4111 1111 1111 1111' })).status).toBe(400);
    expect((await purchasesOf(t, u))[0]!.status).toBe('pending');
  });

  it("refuses to confirm or complete another customer's payment (404), nothing changes", async () => {
    const owner = await newUser(t);
    const thief = await newCustomer(t);
    const intent = await startIntent(owner, (await newPackage(t)).id);
    const confirm = await t.http.post('/api/purchase/dev/confirm-card').set(thief.auth).send({ paymentIntentId: intent.paymentIntentId, ...card() });
    expect(confirm.status).toBe(404);
    await t.http.post('/api/purchase/dev/confirm-card').set(owner.auth).send({ paymentIntentId: intent.paymentIntentId, ...card() }).expect(200);
    const complete = await t.http.post('/api/purchase/complete-payment').set(thief.auth).send({ paymentIntentId: intent.paymentIntentId });
    expect(complete.status).toBe(404);
    expect((await purchasesOf(t, owner))[0]!.status).toBe('pending');
    expect(await purchasesOf(t, thief)).toHaveLength(1); // only the package newCustomer granted
  });

  it('validates the package: malformed id 400, unknown or inactive package 404, nothing written', async () => {
    const u = await newUser(t);
    const bad = await t.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Geçersiz paket');
    const inactive = await newPackage(t, { isActive: false });
    const res = await t.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId: inactive.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Paket bulunamadı');
    expect(await purchasesOf(t, u)).toHaveLength(0);
  });

  it('buying another package while one runs starts it now and adds the unused days converted by daily price', async () => {
    // The running package: 499 TL for 30 days, all 30 unused; the new one 499 TL for 7 days.
    const u = await newCustomer(t);
    const pkg = await newPackage(t, { name: 'Yeni Paket', durationDays: 7 });
    const intent = await startIntent(u, pkg.id);
    await t.http.post('/api/purchase/dev/confirm-card').set(u.auth).send({ paymentIntentId: intent.paymentIntentId, ...card() }).expect(200);
    await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId: intent.paymentIntentId }).expect(200);
    const mine = await t.http.get(`/api/purchase/my-package/${u.id}`).set(u.auth);
    expect(mine.body.package.name).toBe('Yeni Paket');
    // 30 days at 499/30 a day buy 7 days at 499/7 a day (a few ms under 30 days left round up to 7).
    expect(new Date(mine.body.expiresAt).getTime() - new Date(mine.body.purchaseDate).getTime()).toBe((7 + 7) * DAY_MS);
  });
});

describe('free trial (price 0)', () => {
  it('completes at once without a card, at most once per customer, even when clicked in parallel', async () => {
    const u = await newUser(t);
    const trial = await newPackage(t, { price: 0, durationDays: 14 });
    const results = await Promise.all(Array.from({ length: 5 }, () =>
      t.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId: trial.id })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(
      Array(4).fill('Ücretsiz deneme paketini daha önce kullandınız. Devam etmek için ücretli bir paket seçebilirsiniz.'));
    const body = ZCreatePaymentIntentResponse.parse(ok[0]!.body);
    expect(body.completed).toBe(true);
    const rows = await purchasesOf(t, u);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', provider: 'free', cardLast4: null });
    expect(rows[0]!.mobileCode).toMatch(MOBILE_CODE);
    expect(rows[0]!.expiresAt!.getTime() - rows[0]!.completedAt!.getTime()).toBe(14 * DAY_MS);
    // Not through the hosted flow either.
    const hosted = await t.http.post('/api/purchase/create-checkout-session').set(u.auth)
      .send({ packageId: trial.id, successUrl: 'http://localhost/purchase/x', cancelUrl: 'http://localhost/packages' });
    expect(hosted.status).toBe(409);
  });

  it('is once per person too: deleting the account and starting over gives no second trial', async () => {
    const u = await newUser(t);
    const trial = await newPackage(t, { price: 0, durationDays: 14 });
    const first = await t.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId: trial.id });
    expect(first.status).toBe(200);
    await t.http.delete('/api/team').set(u.auth).send({ password: 'secret123' }).expect(200);
    const login = await t.http.post('/api/auth/login').send({ email: u.email, password: 'secret123' }).expect(200);
    const again = { Authorization: `Bearer ${login.body.token as string}` };
    const fresh = login.body.user.account._id as string;
    expect(fresh).not.toBe(u.id);
    const message = 'Ücretsiz deneme paketini daha önce kullandınız. Devam etmek için ücretli bir paket seçebilirsiniz.';
    const plan = await t.http.get(`/api/purchase/plan/${trial.id}`).set(again).expect(200);
    expect(plan.body.refusal).toBe(message);
    const res = await t.http.post('/api/purchase/create-payment-intent').set(again).send({ packageId: trial.id });
    expect([res.status, res.body.message]).toEqual([409, message]);
    expect(await t.ctx.db.purchase.count({ where: { accountId: fresh } })).toBe(0);
  });
});

describe('dev processor: hosted checkout', () => {
  const urls = (packageId: string) => ({ packageId, successUrl: `http://127.0.0.1:5173/purchase/${packageId}`, cancelUrl: 'http://127.0.0.1:5173/packages' });

  async function startSession(u: TestUser, packageId: string) {
    const res = await t.http.post('/api/purchase/create-checkout-session').set(u.auth).send(urls(packageId));
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.origin).toBe('http://127.0.0.1:5173');
    expect(url.pathname).toBe(`/api/purchase/dev/checkout/${res.body.sessionId}`);
    return { sessionId: res.body.sessionId as string, path: url.pathname };
  }

  it('serves a local checkout page; paying returns to successUrl with session_id; confirm-session answers the purchase', async () => {
    const u = await newUser(t);
    const pkg = await newPackage(t, { name: 'Barındırılan', price: 1299 });
    const { sessionId, path } = await startSession(u, pkg.id);
    expect((await purchasesOf(t, u))[0]).toMatchObject({ status: 'pending', checkoutSessionId: sessionId });

    const page = await t.http.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Barındırılan');
    expect(page.text).toContain('₺1.299,00');

    const paid = await t.http.post(path).type('form').send(card());
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`http://127.0.0.1:5173/purchase/${pkg.id}?session_id=${sessionId}`);
    // The page completed it already (as Stripe's webhook would); confirming is idempotent.
    const [row] = await purchasesOf(t, u);
    expect(row).toMatchObject({ status: 'completed', cardLast4: '4242', cardBrand: 'visa', cardHolder: 'Ayşe Yılmaz' });

    const confirm = await t.http.post('/api/purchase/confirm-session').set(u.auth).send({ sessionId });
    expect(confirm.status).toBe(200);
    expect(confirm.body.purchase).toMatchObject({ status: 'completed', mobileCode: row!.mobileCode, amountPaid: 1299 });
  });

  it('a declined card re-renders the page with the Turkish message; no package; others cannot confirm', async () => {
    const u = await newUser(t);
    const other = await newUser(t);
    const { sessionId, path } = await startSession(u, (await newPackage(t)).id);
    const declined = await t.http.post(path).type('form').send(card('4000000000000002'));
    expect(declined.status).toBe(400);
    expect(declined.text).toContain('Kartınız reddedildi. Lütfen başka bir kart deneyin.');
    expect(declined.text).not.toContain('4000000000000002');
    expect((await purchasesOf(t, u))[0]!.status).toBe('failed');
    const early = await t.http.post('/api/purchase/confirm-session').set(u.auth).send({ sessionId });
    expect(early.status).toBe(400);
    expect((await purchasesOf(t, u))[0]!.status).toBe('failed');

    // Paying again on the same page completes the same purchase.
    await t.http.post(path).type('form').send(card()).expect(303);
    expect((await purchasesOf(t, u)).map((p) => p.status)).toEqual(['completed']);
    const stolen = await t.http.post('/api/purchase/confirm-session').set(other.auth).send({ sessionId });
    expect(stolen.status).toBe(404);
    expect(await purchasesOf(t, other)).toHaveLength(0);
  });

  it('rejects return URLs that are not http(s) and unknown sessions', async () => {
    const u = await newUser(t);
    const pkg = await newPackage(t);
    const res = await t.http.post('/api/purchase/create-checkout-session').set(u.auth).send({ ...urls(pkg.id), successUrl: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Dönüş adresi geçerli bir adres olmalıdır');
    expect((await t.http.get('/api/purchase/dev/checkout/devcs_nope')).status).toBe(404);
    expect((await t.http.post('/api/purchase/confirm-session').set(u.auth).send({ sessionId: 'devcs_nope' })).status).toBe(404);
    expect(await purchasesOf(t, u)).toHaveLength(0);
  });
});
