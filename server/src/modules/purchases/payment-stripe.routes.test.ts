import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPurchaseCompletedResponse } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe/fake-stripe-server.js';
import { DAY_MS, MOBILE_CODE, newPackage, purchasesOf } from './payment-test.fixtures.js';
import { silentNotifier } from '../../realtime/screen-notifier.js';

// The real `stripe` SDK talks to a local fake of Stripe's HTTP API (STRIPE_API_BASE).
const keys = { secretKey: 'sk_test_pano_fake', publishableKey: 'pk_test_pano_fake', webhookSecret: 'whsec_pano_fake' };
let fake: FakeStripe;
let t: TestApp;
const screensPushed: string[] = [];

beforeAll(async () => {
  fake = await startFakeStripe(keys);
  t = await createTestApp({
    config: { stripe: { ...keys, apiBase: fake.url } },
    notifier: { ...silentNotifier, screensChanged: async () => {}, ownerScreensChanged: async (ownerId) => void screensPushed.push(ownerId) },
  });
});
afterAll(async () => { await t?.close(); await fake?.close(); });

async function startIntent(u: TestUser, price = 499) {
  const pkg = await newPackage(t, { price });
  const res = await t.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId: pkg.id });
  expect(res.status).toBe(200);
  return { pkg, paymentIntentId: res.body.paymentIntentId as string, clientSecret: res.body.clientSecret as string };
}

const webhook = (e: { payload: string; signature: string }) =>
  t.http.post('/api/purchase/webhook').set('Stripe-Signature', e.signature).set('Content-Type', 'application/json').send(e.payload);

describe('stripe provider (real SDK against the fake)', () => {
  it('tells the page to use Stripe with the publishable key', async () => {
    const u = await newUser(t);
    const res = await t.http.get('/api/purchase/config').set(u.auth);
    expect(res.body).toEqual({ provider: 'stripe', publishableKey: keys.publishableKey });
  });

  it('card flow: PaymentIntent in kuruş with our ids → card confirmed by Stripe.js → complete-payment', async () => {
    const u = await newUser(t);
    const { paymentIntentId, clientSecret } = await startIntent(u, 1299.5);
    const pi = fake.intent(paymentIntentId)!;
    const [pending] = await purchasesOf(t, u);
    expect(pi).toMatchObject({ amount: 129950, currency: 'try', client_secret: clientSecret, metadata: { purchaseId: pending!.id, userId: u.id } });
    expect(fake.requests.every((r) => r.authorized)).toBe(true);

    expect(fake.confirmCard(paymentIntentId, '4242 4242 4242 4242').ok).toBe(true);
    const res = await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId });
    expect(res.status).toBe(200);
    const body = ZPurchaseCompletedResponse.parse(res.body);
    expect(body.purchase.mobileCode).toMatch(MOBILE_CODE);
    const [row] = await purchasesOf(t, u);
    expect(row).toMatchObject({ status: 'completed', provider: 'stripe', cardBrand: 'visa', cardLast4: '4242', cardHolder: 'Ayşe Yılmaz' });
    expect(Number(row!.amountPaid)).toBe(1299.5);
    expect(screensPushed).toContain(u.id);
  });

  it('declined card: complete-payment answers the Turkish decline (400, never 402) and marks the purchase failed', async () => {
    const u = await newUser(t);
    const { paymentIntentId } = await startIntent(u);
    expect(fake.confirmCard(paymentIntentId, '4000 0000 0000 0002').ok).toBe(false);
    const res = await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'CARD_DECLINED', message: 'Kartınız reddedildi. Lütfen başka bir kart deneyin.' });
    expect((await purchasesOf(t, u))[0]).toMatchObject({ status: 'failed', mobileCode: null });
    expect((await t.http.get(`/api/purchase/my-package/${u.id}`).set(u.auth)).status).toBe(402);

    // Stripe.js retries on the same intent; the next complete-payment completes this purchase.
    expect(fake.confirmCard(paymentIntentId, '4242 4242 4242 4242').ok).toBe(true);
    await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId }).expect(200);
    expect((await purchasesOf(t, u)).map((p) => p.status)).toEqual(['completed']);
  });

  it('hosted flow: Checkout Session → customer pays on Stripe → returns with session_id → confirm-session', async () => {
    const u = await newUser(t);
    const pkg = await newPackage(t, { price: 750 });
    const successUrl = `http://localhost:5173/purchase/${pkg.id}`;
    const res = await t.http.post('/api/purchase/create-checkout-session').set(u.auth).send({ packageId: pkg.id, successUrl, cancelUrl: 'http://localhost:5173/packages' });
    expect(res.status).toBe(200);
    const { url, sessionId } = res.body;
    expect(url).toBe(`${fake.url}/checkout/${sessionId}`);
    expect(fake.session(sessionId)).toMatchObject({ amount_total: 75000, currency: 'try', success_url: `${successUrl}?session_id={CHECKOUT_SESSION_ID}` });

    const notYet = await t.http.post('/api/purchase/confirm-session').set(u.auth).send({ sessionId });
    expect(notYet.status).toBe(400);
    expect(notYet.body.code).toBe('PAYMENT_FAILED');

    const { returnUrl } = fake.payCheckout(sessionId);
    expect(new URL(returnUrl).searchParams.get('session_id')).toBe(sessionId);
    const confirm = await t.http.post('/api/purchase/confirm-session').set(u.auth).send({ sessionId });
    expect(confirm.status).toBe(200);
    const [row] = await purchasesOf(t, u);
    expect(row).toMatchObject({ status: 'completed', checkoutSessionId: sessionId, providerPaymentId: fake.session(sessionId)!.payment_intent, cardLast4: '4242' });
    // Stripe's checkout.session.completed arriving afterwards changes nothing.
    expect((await webhook(fake.eventFor('checkout.session.completed', sessionId))).body.outcome).toBe('already-completed');
    expect((await purchasesOf(t, u))[0]!.mobileCode).toBe(row!.mobileCode);
  });

  it('webhook with a valid signature completes the purchase by itself (customer closed the tab)', async () => {
    const u = await newUser(t);
    const { paymentIntentId } = await startIntent(u);
    fake.confirmCard(paymentIntentId, '5555 5555 5555 4444');
    const res = await webhook(fake.eventFor('payment_intent.succeeded', paymentIntentId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'completed' });
    expect((await purchasesOf(t, u))[0]).toMatchObject({ status: 'completed', cardBrand: 'mastercard', cardLast4: '4444' });
  });

  it('webhook for a hosted checkout completes it too', async () => {
    const u = await newUser(t);
    const pkg = await newPackage(t);
    const res = await t.http.post('/api/purchase/create-checkout-session').set(u.auth)
      .send({ packageId: pkg.id, successUrl: 'http://localhost/purchase/x', cancelUrl: 'http://localhost/packages' });
    fake.payCheckout(res.body.sessionId);
    expect((await webhook(fake.eventFor('checkout.session.completed', res.body.sessionId))).body.outcome).toBe('completed');
    expect((await purchasesOf(t, u))[0]!.status).toBe('completed');
  });

  it('webhook with an invalid or missing signature: 400 and nothing changes', async () => {
    const u = await newUser(t);
    const { paymentIntentId } = await startIntent(u);
    fake.confirmCard(paymentIntentId, '4242424242424242');
    const good = fake.eventFor('payment_intent.succeeded', paymentIntentId);
    const forged = fake.signedEvent('payment_intent.succeeded', { ...fake.intent(paymentIntentId) }, 'whsec_someone_else');
    const tampered = { payload: good.payload.replace('"amount":49900', '"amount":1'), signature: good.signature };
    for (const e of [forged, tampered]) {
      const res = await webhook(e);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Geçersiz webhook imzası' });
    }
    const unsigned = await t.http.post('/api/purchase/webhook').set('Content-Type', 'application/json').send(good.payload);
    expect(unsigned.status).toBe(400);
    expect((await purchasesOf(t, u))[0]).toMatchObject({ status: 'pending', mobileCode: null });
  });

  it('a replayed webhook still leaves exactly one completed purchase with one code', async () => {
    const u = await newUser(t);
    const { paymentIntentId } = await startIntent(u);
    fake.confirmCard(paymentIntentId, '4242424242424242');
    const event = fake.eventFor('payment_intent.succeeded', paymentIntentId);
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await webhook(event)).body.outcome);
    expect(outcomes).toEqual(['completed', 'already-completed', 'already-completed']);
    const rows = await purchasesOf(t, u);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('completed');
  });

  it('race: 20 concurrent complete-payment calls plus the webhook → one completion, one code, one push', async () => {
    const u = await newUser(t);
    const { paymentIntentId } = await startIntent(u);
    fake.confirmCard(paymentIntentId, '4242424242424242');
    const pushesBefore = screensPushed.filter((id) => id === u.id).length;
    const calls = [
      ...Array.from({ length: 20 }, () => t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId })),
      webhook(fake.eventFor('payment_intent.succeeded', paymentIntentId)),
    ];
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status)).toEqual(Array(21).fill(200));
    const codes = new Set(results.slice(0, 20).map((r) => r.body.purchase.mobileCode));
    expect(codes.size).toBe(1);
    const rows = await purchasesOf(t, u);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', mobileCode: [...codes][0] });
    expect(screensPushed.filter((id) => id === u.id).length - pushesBefore).toBe(1);
  });

  it('upgrade over a running package: webhook and complete-payment racing convert the remaining days once', async () => {
    // The running package: 499 TL for 30 days, untouched; the new one 499 TL for 30 days.
    const u = await newCustomer(t);
    const [running] = await purchasesOf(t, u);
    const { paymentIntentId } = await startIntent(u);
    fake.confirmCard(paymentIntentId, '4242424242424242');
    const event = fake.eventFor('payment_intent.succeeded', paymentIntentId);
    const results = await Promise.all([
      webhook(event),
      ...Array.from({ length: 6 }, () => t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId })),
      webhook(event),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const rows = await purchasesOf(t, u);
    expect(rows.map((r) => r.status)).toEqual(['expired', 'completed']);
    const upgraded = rows[1]!;
    // 30 days (less a few ms) at the same daily price convert into 30 days, plus the 30 bought.
    expect(upgraded.expiresAt!.getTime() - upgraded.completedAt!.getTime()).toBe(60 * DAY_MS);
    expect(upgraded).toMatchObject({ previousPurchaseId: running!.id, mobileCode: running!.mobileCode });
    expect(new Set(results.slice(1, 7).map((r) => r.body.purchase.expiresAt))).toEqual(new Set([upgraded.expiresAt!.toISOString()]));
  });

  it('payment_intent.payment_failed marks the purchase failed; a later success still completes it', async () => {
    const u = await newUser(t);
    const { paymentIntentId } = await startIntent(u);
    fake.confirmCard(paymentIntentId, '4000000000000002');
    expect((await webhook(fake.eventFor('payment_intent.payment_failed', paymentIntentId))).body.outcome).toBe('failed');
    expect((await purchasesOf(t, u))[0]!.status).toBe('failed');
    fake.confirmCard(paymentIntentId, '4242424242424242');
    await t.http.post('/api/purchase/complete-payment').set(u.auth).send({ paymentIntentId }).expect(200);
    expect((await purchasesOf(t, u))[0]!.status).toBe('completed');
  });
});

describe('stripe provider unreachable', () => {
  it('answers 502 with a Turkish message (never 402) and leaves a failed purchase, not a pending one', async () => {
    const down = await createTestApp({ config: { stripe: { ...keys, apiBase: 'http://127.0.0.1:9' } } });
    try {
      const u = await newUser(down);
      const pkg = await newPackage(down);
      const res = await down.http.post('/api/purchase/create-payment-intent').set(u.auth).send({ packageId: pkg.id });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Ödeme sağlayıcısına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.');
      expect((await purchasesOf(down, u))[0]!.status).toBe('failed');
    } finally {
      await down.close();
    }
  });
});
