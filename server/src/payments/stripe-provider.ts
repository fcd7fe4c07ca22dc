import Stripe from 'stripe';
import { badRequest } from '../http/errors.js';
import { cardDeclined, invalidWebhookSignature, providerUnavailable } from './payment-errors.js';
import type { PaymentMetadata, PaymentProvider, ProviderEvent, ProviderPayment } from './payment-provider.js';

export type StripeSettings = { secretKey: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };

/** STRIPE_API_BASE (protocol://host:port) points the SDK at another server, e.g. the tests' fake. */
export function stripeClient(s: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  if (!s.apiBase) return new Stripe(s.secretKey, { maxNetworkRetries: 2 });
  const base = new URL(s.apiBase);
  return new Stripe(s.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  });
}

type Meta = Stripe.Metadata | null | undefined;
const metadataOf = (m: Meta): Partial<PaymentMetadata> => ({ purchaseId: m?.purchaseId, userId: m?.userId });

function toPayment(pi: Stripe.PaymentIntent): ProviderPayment {
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const failed = pi.status === 'requires_payment_method' && pi.last_payment_error;
  return {
    id: pi.id,
    status: pi.status === 'succeeded' ? 'succeeded' : failed ? 'failed' : 'pending',
    amount: pi.amount,
    currency: pi.currency,
    metadata: metadataOf(pi.metadata),
    card: { brand: card?.brand ?? null, last4: card?.last4 ?? null, holder: charge?.billing_details?.name ?? null },
    failureCode: pi.last_payment_error ? (pi.last_payment_error.decline_code ?? pi.last_payment_error.code ?? 'card_declined') : null,
  };
}

/** Card errors become a Turkish 400; a missing object becomes null; anything else a 502. */
async function call<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw cardDeclined(err.decline_code ?? err.code);
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
    if (err instanceof Stripe.errors.StripeInvalidRequestError) throw badRequest('Ödeme isteği geçersiz');
    throw providerUnavailable();
  }
}

const must = <T>(v: T | null): T => {
  if (v === null) throw providerUnavailable();
  return v;
};

export function createStripeProvider(s: StripeSettings): PaymentProvider {
  const stripe = stripeClient(s);
  return {
    name: 'stripe',
    publishableKey: s.publishableKey,

    async createPayment(input) {
      const pi = must(await call(() => stripe.paymentIntents.create({
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        allowed_payment_method_types: ['card'],
        metadata: input.metadata,
      }, { idempotencyKey: `pi-${input.metadata.purchaseId}` })));
      if (!pi.client_secret) throw providerUnavailable();
      return { id: pi.id, clientSecret: pi.client_secret };
    },

    async retrievePayment(id) {
      const pi = await call(() => stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
      return pi && toPayment(pi);
    },

    async createCheckoutSession(input) {
      const sep = input.successUrl.includes('?') ? '&' : '?';
      const session = must(await call(() => stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: input.currency, unit_amount: input.amount, product_data: { name: input.productName } } }],
        // Stripe fills in the placeholder; the page confirms the session on return.
        success_url: `${input.successUrl}${sep}session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: input.cancelUrl,
        client_reference_id: input.metadata.purchaseId,
        metadata: input.metadata,
        payment_intent_data: { metadata: input.metadata, description: input.description },
      }, { idempotencyKey: `cs-${input.metadata.purchaseId}` })));
      if (!session.url) throw providerUnavailable();
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id) {
      const s = await call(() => stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent.latest_charge'] }));
      if (!s) return null;
      const pi = typeof s.payment_intent === 'object' && s.payment_intent ? s.payment_intent : null;
      return {
        id: s.id,
        paid: s.payment_status === 'paid',
        payment: pi && toPayment(pi),
        paymentId: typeof s.payment_intent === 'string' ? s.payment_intent : (pi?.id ?? null),
        amount: s.amount_total ?? 0,
        metadata: metadataOf(s.metadata),
      };
    },

    parseWebhook(rawBody, signature) {
      if (!s.webhookSecret || !signature) throw invalidWebhookSignature();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, s.webhookSecret);
      } catch {
        throw invalidWebhookSignature();
      }
      return toProviderEvent(event);
    },
  };
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  // Stripe names some two hundred event types; the webhook acts on these six, the rest are ignored.
  // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      const kind = event.type === 'payment_intent.succeeded' ? 'payment.succeeded' : 'payment.failed';
      return { kind, paymentId: pi.id, metadata: metadataOf(pi.metadata) };
    }
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'checkout.completed', sessionId: event.data.object.id, metadata: metadataOf(event.data.object.metadata) };
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return { kind: 'checkout.expired', sessionId: event.data.object.id, metadata: metadataOf(event.data.object.metadata) };
    default:
      return { kind: 'ignored', type: event.type };
  }
}
