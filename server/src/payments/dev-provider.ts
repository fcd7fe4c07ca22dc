import { randomBytes } from 'node:crypto';
import type { TDevCard } from '@pano/contract';
import { invalidWebhookSignature, paymentNotFound, sessionNotFound } from './payment-errors.js';
import { chargeDevCard } from './dev-cards.js';
import type { CardSummary, PaymentMetadata, PaymentProvider, ProviderPayment } from './payment-provider.js';

type DevIntent = ProviderPayment & { clientSecret: string; createdAt: number; description: string };
type DevSession = {
  id: string; paymentId: string; productName: string; successUrl: string; cancelUrl: string;
  metadata: PaymentMetadata; createdAt: number;
};

export type DevCheckoutView = { id: string; productName: string; amount: number; cancelUrl: string; returnOrigin: string; paid: boolean };

/** The dev processor plus what its card form and hosted page need. */
export type DevPaymentProvider = PaymentProvider & {
  name: 'dev';
  /** What Stripe.js's confirmCardPayment does in the browser: charge the card against the intent. */
  confirmCard(paymentId: string, card: TDevCard, now: Date): { ok: true } | { ok: false; decline: string };
  checkoutView(sessionId: string): DevCheckoutView | null;
  /** The hosted page's pay button; answers the URL to send the browser back to. */
  payCheckout(sessionId: string, card: TDevCard, now: Date): { ok: true; returnUrl: string } | { ok: false; decline: string };
};

const DAY_MS = 86_400_000;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Test cards only, state in memory: this is the embedded single-process mode's processor, so
 * packages can be sold without any account anywhere. Intents older than a day are forgotten.
 */
export function createDevProvider(): DevPaymentProvider {
  const intents = new Map<string, DevIntent>();
  const sessions = new Map<string, DevSession>();

  const forgetOld = () => {
    const cutoff = Date.now() - DAY_MS;
    for (const [k, v] of intents) if (v.createdAt < cutoff) intents.delete(k);
    for (const [k, v] of sessions) if (v.createdAt < cutoff) sessions.delete(k);
  };

  const newIntent = (amount: number, currency: string, description: string, metadata: PaymentMetadata): DevIntent => {
    forgetOld();
    const pi: DevIntent = {
      id: id('devpi'), status: 'pending', amount, currency, metadata, description,
      card: { brand: null, last4: null, holder: null }, failureCode: null,
      clientSecret: '', createdAt: Date.now(),
    };
    pi.clientSecret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
    intents.set(pi.id, pi);
    return pi;
  };

  const charge = (pi: DevIntent, card: TDevCard, now: Date): { ok: true; card: CardSummary } | { ok: false; decline: string } => {
    if (pi.status === 'succeeded') return { ok: true, card: pi.card };
    const result = chargeDevCard(card, now);
    if (result.ok) Object.assign(pi, { status: 'succeeded', card: result.card, failureCode: null });
    else Object.assign(pi, { status: 'failed', failureCode: result.decline });
    return result;
  };

  const snapshot = ({ clientSecret: _s, createdAt: _c, description: _d, ...p }: DevIntent): ProviderPayment => ({ ...p, card: { ...p.card } });

  return {
    name: 'dev',

    async createPayment(input) {
      const pi = newIntent(input.amount, input.currency, input.description, input.metadata);
      return { id: pi.id, clientSecret: pi.clientSecret };
    },

    async retrievePayment(paymentId) {
      const pi = intents.get(paymentId);
      return pi ? snapshot(pi) : null;
    },

    async createCheckoutSession(input) {
      const pi = newIntent(input.amount, input.currency, input.description, input.metadata);
      const s: DevSession = {
        id: id('devcs'), paymentId: pi.id, productName: input.productName,
        successUrl: input.successUrl, cancelUrl: input.cancelUrl, metadata: input.metadata, createdAt: Date.now(),
      };
      sessions.set(s.id, s);
      // Served by this server; the browser reaches it on the origin it came from.
      const url = `${new URL(input.successUrl).origin}/api/purchase/dev/checkout/${s.id}`;
      return { id: s.id, url };
    },

    async retrieveCheckoutSession(sessionId) {
      const s = sessions.get(sessionId);
      const pi = s && intents.get(s.paymentId);
      if (!s || !pi) return null;
      return { id: s.id, paid: pi.status === 'succeeded', payment: snapshot(pi), paymentId: pi.id, amount: pi.amount, metadata: s.metadata };
    },

    parseWebhook() {
      // The dev processor never calls back over HTTP; its hosted page completes purchases itself.
      throw invalidWebhookSignature();
    },

    confirmCard(paymentId, card, now) {
      const pi = intents.get(paymentId);
      if (!pi) throw paymentNotFound();
      const r = charge(pi, card, now);
      return r.ok ? { ok: true } : r;
    },

    checkoutView(sessionId) {
      const s = sessions.get(sessionId);
      const pi = s && intents.get(s.paymentId);
      if (!s || !pi) return null;
      return { id: s.id, productName: s.productName, amount: pi.amount, cancelUrl: s.cancelUrl, returnOrigin: new URL(s.successUrl).origin, paid: pi.status === 'succeeded' };
    },

    payCheckout(sessionId, card, now) {
      const s = sessions.get(sessionId);
      const pi = s && intents.get(s.paymentId);
      if (!s || !pi) throw sessionNotFound();
      const r = charge(pi, card, now);
      if (!r.ok) return r;
      const url = new URL(s.successUrl);
      url.searchParams.set('session_id', s.id);
      return { ok: true, returnUrl: url.toString() };
    },
  };
}
