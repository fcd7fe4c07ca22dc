import express, { Router, type Response } from 'express';
import { ZodError } from 'zod';
import { ZDevCard } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import type { DevCheckoutView, DevPaymentProvider } from '../../payments/dev-provider.js';
import { cardDeclined, sessionNotFound } from '../../payments/payment-errors.js';
import { renderDevCheckoutPage, type DevCheckoutForm } from './dev-checkout.page.js';
import { failPendingPurchase } from './pending-purchase.js';
import { completeCheckout } from './purchase-flow.service.js';

/**
 * The dev processor's hosted checkout page. The browser arrives without our bearer token
 * (like on Stripe's page); the unguessable session id is the capability, and the purchase
 * was tied to its customer when the session was created.
 */
export function devCheckoutRoutes(ctx: AppContext, dev: () => DevPaymentProvider): Router {
  const router = Router();

  const send = (res: Response, status: number, v: DevCheckoutView, o?: { error?: string; form?: DevCheckoutForm }) => {
    // Paying redirects back to the page that started checkout, which may be another origin (vite dev).
    res.setHeader('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${v.returnOrigin}; frame-ancestors 'none'`);
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).type('html').send(renderDevCheckoutPage(v, o));
  };

  const view = (id: string) => {
    const v = dev().checkoutView(id);
    if (!v) throw sessionNotFound();
    return v;
  };

  router.get('/:sessionId', (req, res) => send(res, 200, view(req.params.sessionId)));

  router.post('/:sessionId', express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const v = view(req.params.sessionId);
    const form: DevCheckoutForm = { cardHolder: String(req.body?.cardHolder ?? ''), expiry: String(req.body?.expiry ?? '') };
    try {
      const card = ZDevCard.parse(req.body ?? {});
      const r = dev().payCheckout(v.id, card, ctx.clock());
      const purchase = await ctx.db.purchase.findFirst({ where: { checkoutSessionId: v.id } });
      if (!r.ok) {
        if (purchase) await failPendingPurchase(ctx.db, purchase.id);
        throw cardDeclined(r.decline);
      }
      // Like Stripe's checkout.session.completed webhook: the purchase completes even if the
      // customer never comes back to the page.
      if (purchase) await completeCheckout(ctx, dev(), purchase, { requirePaid: true });
      res.redirect(303, r.returnUrl);
    } catch (err) {
      const message = err instanceof ZodError ? (err.issues[0]?.message ?? 'Geçersiz kart bilgisi')
        : err instanceof AppError && err.status < 500 ? err.message : undefined;
      if (!message) throw err;
      send(res, 400, v, { error: message, form });
    }
  });

  return router;
}
