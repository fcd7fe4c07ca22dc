import express, { Router } from 'express';
import {
  ZCompletePaymentRequest, ZConfirmSessionRequest, ZCreateCheckoutSessionRequest, ZCreatePaymentIntentRequest,
  ZDevConfirmCardRequest, type TDevConfirmCardResponse,
} from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireRole } from '../../http/policy.js';
import { notFound } from '../../http/errors.js';
import type { DevPaymentProvider } from '../../payments/dev-provider.js';
import { cardDeclined, paymentNotFound } from '../../payments/payment-errors.js';
import { devCheckoutRoutes } from './dev-checkout.routes.js';
import { buyerOf, failPendingPurchase } from './pending-purchase.js';
import { handleProviderEvent } from './payment-webhook.service.js';
import { completePayment, confirmSession, createCheckoutSession, createPaymentIntent } from './purchase-flow.service.js';
import { presentPaymentConfig, presentPaymentStart, presentPurchaseCompleted } from './purchase.presenter.js';

/**
 * POST /api/purchase/webhook: the processor's signed events. Mounted before any JSON parser:
 * the signature covers the raw bytes.
 */
export function paymentWebhookRoute(ctx: AppContext): Router {
  const router = Router();
  router.post('/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const provider = ctx.payments;
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const event = provider.parseWebhook(raw, req.get('stripe-signature'));
    const outcome = await handleProviderEvent(ctx, provider, event);
    res.json({ received: true, outcome });
  });
  return router;
}

/** The payment calls of docs/PRODUCT.md#purchase-api (after the JSON parser). */
export function paymentRoutes(ctx: AppContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  // Only the account's owner buys (docs/architecture/accounts.md#roles).
  const buyer = [auth, requireRole('owner')];

  router.get('/config', auth, (_req, res) => void res.json(presentPaymentConfig(ctx.payments)));

  router.post('/create-payment-intent', ...buyer, async (req, res) => {
    const { packageId } = ZCreatePaymentIntentRequest.parse(req.body);
    res.json(presentPaymentStart(await createPaymentIntent(ctx, ctx.payments, buyerOf(req), packageId)));
  });

  router.post('/complete-payment', ...buyer, async (req, res) => {
    const { paymentIntentId } = ZCompletePaymentRequest.parse(req.body);
    res.json(presentPurchaseCompleted(await completePayment(ctx, ctx.payments, buyerOf(req), paymentIntentId)));
  });

  router.post('/create-checkout-session', ...buyer, async (req, res) => {
    const body = ZCreateCheckoutSessionRequest.parse(req.body);
    res.json(await createCheckoutSession(ctx, ctx.payments, buyerOf(req), body));
  });

  router.post('/confirm-session', ...buyer, async (req, res) => {
    const { sessionId } = ZConfirmSessionRequest.parse(req.body);
    res.json(presentPurchaseCompleted(await confirmSession(ctx, ctx.payments, buyerOf(req), sessionId)));
  });

  // What Stripe.js does in the browser, for the dev processor: charge a test card.
  router.post('/dev/confirm-card', ...buyer, async (req, res) => {
    const dev = devProvider(ctx);
    const { paymentIntentId, ...card } = ZDevConfirmCardRequest.parse(req.body);
    const owned = await ctx.db.purchase.findFirst({ where: { providerPaymentId: paymentIntentId, accountId: currentAccount(req).id }, select: { id: true } });
    if (!owned) throw paymentNotFound();
    const r = dev.confirmCard(paymentIntentId, card, ctx.clock());
    if (!r.ok) {
      await failPendingPurchase(ctx.db, owned.id);
      throw cardDeclined(r.decline);
    }
    res.json({ status: 'succeeded', paymentIntentId } satisfies TDevConfirmCardResponse);
  });

  router.use('/dev/checkout', devCheckoutRoutes(ctx, () => devProvider(ctx)));
  return router;
}

/** The dev endpoints exist only while the dev processor is the one in use. */
function devProvider(ctx: AppContext): DevPaymentProvider {
  const p = ctx.payments;
  if (p.name !== 'dev') throw notFound('İstenen adres');
  return p as DevPaymentProvider;
}
