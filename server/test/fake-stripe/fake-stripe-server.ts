import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { parseStripeForm } from './form-body.js';

/**
 * A local stand-in for the few Stripe HTTP endpoints Pano uses, spoken to by the real
 * `stripe` SDK (pointed here with STRIPE_API_BASE). Objects have Stripe's shapes; card
 * outcomes follow Stripe's test cards. Helpers play the parts of Stripe.js in the browser
 * (confirming a card) and of Stripe's hosted checkout page, and sign webhook events.
 */

type Json = Record<string, unknown>;
type Intent = Json & { id: string; amount: number; currency: string; status: string; metadata: Json; latest_charge: string | null };
type Session = Json & { id: string; payment_status: string; status: string; payment_intent: string | null; success_url: string; metadata: Json; pi_metadata: Json; amount_total: number; currency: string };

const CARDS: Record<string, { brand: string; last4: string; decline?: string }> = {
  '4242424242424242': { brand: 'visa', last4: '4242' },
  '5555555555554444': { brand: 'mastercard', last4: '4444' },
  '4000000000000002': { brand: 'visa', last4: '0002', decline: 'generic_decline' },
  '4000000000009995': { brand: 'visa', last4: '9995', decline: 'insufficient_funds' },
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(opts: { secretKey: string; webhookSecret: string }) {
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Json>();
  const sessions = new Map<string, Session>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: { method: string; path: string; authorized: boolean }[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

  const expandIntent = (pi: Intent, expand: string[]): Json =>
    expand.includes('latest_charge') && pi.latest_charge ? { ...pi, latest_charge: charges.get(pi.latest_charge) } : { ...pi };

  const createIntent = (p: Json, metadata: Json): Intent => {
    const pi: Intent = {
      id: id('pi'), object: 'payment_intent', amount: Number(p.amount), currency: String(p.currency),
      description: p.description ?? null, status: 'requires_payment_method', metadata, latest_charge: null,
      last_payment_error: null, created: Math.floor(Date.now() / 1000), livemode: false,
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString('hex')}`;
    intents.set(pi.id, pi);
    return pi;
  };

  /** What Stripe does when a card is confirmed against an intent; `ok` false on a decline. */
  const charge = (pi: Intent, cardNumber: string, holder: string): { ok: boolean; error?: Json } => {
    const card = CARDS[cardNumber.replace(/\s/g, '')];
    if (!card) throw new Error(`fake-stripe: unknown test card ${cardNumber}`);
    if (card.decline) {
      const error = { type: 'card_error', code: 'card_declined', decline_code: card.decline, message: 'Your card was declined.', payment_intent: pi };
      Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: card.decline, message: 'Your card was declined.' } });
      return { ok: false, error };
    }
    const ch = {
      id: id('ch'), object: 'charge', amount: pi.amount, currency: pi.currency, paid: true, status: 'succeeded', payment_intent: pi.id,
      billing_details: { name: holder, email: null, phone: null, address: null },
      payment_method_details: { type: 'card', card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 } },
    };
    charges.set(ch.id, ch);
    Object.assign(pi, { status: 'succeeded', latest_charge: ch.id, last_payment_error: null });
    return { ok: true };
  };

  const routes: { method: string; pattern: RegExp; handle: (m: RegExpMatchArray, body: Json, query: Json) => [number, Json] }[] = [
    { method: 'POST', pattern: /^\/v1\/payment_intents$/, handle: (_m, b) => [200, createIntent(b, (b.metadata as Json) ?? {})] },
    {
      method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, handle: (m, _b, q) => {
        const pi = intents.get(m[1]!);
        return pi ? [200, expandIntent(pi, (q.expand as string[]) ?? [])] : missing('payment_intent', m[1]!);
      },
    },
    {
      method: 'POST', pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/, handle: (m, b) => {
        const pi = intents.get(m[1]!);
        if (!pi) return missing('payment_intent', m[1]!);
        const pm = String(b.payment_method ?? 'pm_card_visa');
        const r = charge(pi, pm === 'pm_card_chargeDeclined' ? '4000000000000002' : '4242424242424242', 'Test Holder');
        return r.ok ? [200, { ...pi }] : [402, { error: r.error! }];
      },
    },
    {
      method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, handle: (_m, b) => {
        const items = (b.line_items as Json[]) ?? [];
        const amount = items.reduce((sum, li) => sum + Number((li.price_data as Json).unit_amount) * Number(li.quantity ?? 1), 0);
        const s: Session = {
          id: id('cs_test'), object: 'checkout.session', mode: b.mode, status: 'open', payment_status: 'unpaid',
          amount_total: amount, currency: String((items[0]?.price_data as Json)?.currency ?? 'try'),
          success_url: String(b.success_url), cancel_url: String(b.cancel_url), client_reference_id: b.client_reference_id ?? null,
          metadata: (b.metadata as Json) ?? {}, pi_metadata: ((b.payment_intent_data as Json)?.metadata as Json) ?? {}, payment_intent: null,
        };
        s.url = `${base}/checkout/${s.id}`;
        sessions.set(s.id, s);
        return [200, publicSession(s, [])];
      },
    },
    {
      method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: (m, _b, q) => {
        const s = sessions.get(m[1]!);
        return s ? [200, publicSession(s, (q.expand as string[]) ?? [])] : missing('checkout.session', m[1]!);
      },
    },
  ];

  const publicSession = ({ pi_metadata: _p, ...s }: Session, expand: string[]): Json => {
    const pi = s.payment_intent ? intents.get(s.payment_intent) : undefined;
    if (!pi || !expand.some((e) => e.startsWith('payment_intent'))) return { ...s };
    return { ...s, payment_intent: expandIntent(pi, expand.includes('payment_intent.latest_charge') ? ['latest_charge'] : []) };
  };

  const missing = (what: string, key: string): [number, Json] =>
    [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${key}'` } }];

  const server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', base);
    const authorized = req.headers.authorization === `Bearer ${opts.secretKey}`;
    requests.push({ method: req.method ?? '', path: url.pathname, authorized });
    const send = (status: number, body: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
    };
    if (!authorized) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const key = req.headers['idempotency-key'];
    const cached = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (cached) return send(cached.status, cached.body);
    const route = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
    if (!route) return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    const [status, body] = route.handle(url.pathname.match(route.pattern)!, parseStripeForm(Buffer.concat(chunks).toString()), parseStripeForm(url.search.slice(1)));
    if (typeof key === 'string' && req.method === 'POST') idempotent.set(key, { status, body });
    send(status, body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A signed webhook delivery as Stripe would POST it. */
  const signedEvent = (type: string, object: Json, secret = opts.webhookSecret) => {
    const payload = JSON.stringify({ id: id('evt'), object: 'event', api_version: Stripe.API_VERSION, type, created: Math.floor(Date.now() / 1000), data: { object } });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  };

  return {
    url: base,
    requests,
    intent: (piId: string) => intents.get(piId),
    session: (csId: string) => sessions.get(csId),
    /** Stripe.js in the browser: confirmCardPayment with a test card. */
    confirmCard(piId: string, cardNumber: string, holder = 'Ayşe Yılmaz') {
      const pi = intents.get(piId);
      if (!pi) throw new Error(`fake-stripe: no intent ${piId}`);
      return charge(pi, cardNumber, holder);
    },
    /** The customer pays on Stripe's hosted page; answers where Stripe sends the browser back. */
    payCheckout(csId: string, cardNumber = '4242 4242 4242 4242', holder = 'Ayşe Yılmaz') {
      const s = sessions.get(csId);
      if (!s) throw new Error(`fake-stripe: no session ${csId}`);
      const pi = s.payment_intent ? intents.get(s.payment_intent)! : createIntent({ amount: s.amount_total, currency: s.currency }, s.pi_metadata);
      s.payment_intent = pi.id;
      const r = charge(pi, cardNumber, holder);
      if (r.ok) Object.assign(s, { status: 'complete', payment_status: 'paid' });
      return { ok: r.ok, returnUrl: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) };
    },
    signedEvent,
    eventFor: (type: string, objectId: string) => {
      const obj = intents.get(objectId) ?? sessions.get(objectId);
      if (!obj) throw new Error(`fake-stripe: nothing called ${objectId}`);
      return signedEvent(type, obj.object === 'checkout.session' ? publicSession(obj as Session, []) : { ...obj });
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
