import type { AppContext } from '../../context.js';
import type { Purchase } from '../../db/generated/client.js';
import type { PaymentMetadata, PaymentProvider, ProviderEvent } from '../../payments/payment-provider.js';
import { completePurchase } from './complete-purchase.js';
import { failPendingPurchase } from './pending-purchase.js';
import { completeCheckout } from './purchase-flow.service.js';

export type WebhookOutcome = 'completed' | 'already-completed' | 'failed' | 'ignored';

/** By the processor's id first; our own purchase id from the metadata covers a payment made through a checkout session. */
async function findPurchase(ctx: AppContext, where: { providerPaymentId?: string; checkoutSessionId?: string }, meta: Partial<PaymentMetadata>): Promise<Purchase | null> {
  const byProviderId = await ctx.db.purchase.findFirst({ where });
  if (byProviderId) return byProviderId;
  if (!meta.purchaseId || !/^[0-9a-f-]{36}$/i.test(meta.purchaseId)) return null;
  return ctx.db.purchase.findFirst({ where: { id: meta.purchaseId, ...(meta.userId ? { userId: meta.userId } : {}) } });
}

/**
 * A verified processor event. Replays and races with complete-payment / confirm-session are
 * harmless: completion is exactly-once, and a failure never touches a completed purchase.
 */
export async function handleProviderEvent(ctx: AppContext, provider: PaymentProvider, event: ProviderEvent): Promise<WebhookOutcome> {
  switch (event.kind) {
    case 'payment.succeeded': {
      const purchase = await findPurchase(ctx, { providerPaymentId: event.paymentId }, event.metadata);
      if (!purchase) return 'ignored';
      const payment = await provider.retrievePayment(event.paymentId);
      if (payment?.status !== 'succeeded') return 'ignored';
      const r = await completePurchase(ctx, purchase.id, { paymentId: payment.id, amount: payment.amount, card: payment.card });
      return r.completedNow ? 'completed' : 'already-completed';
    }
    case 'checkout.completed': {
      const purchase = await findPurchase(ctx, { checkoutSessionId: event.sessionId }, event.metadata);
      if (!purchase) return 'ignored';
      const r = await completeCheckout(ctx, provider, purchase, { requirePaid: false });
      return r.completedNow ? 'completed' : r.purchase.status === 'completed' ? 'already-completed' : 'ignored';
    }
    case 'payment.failed':
    case 'checkout.expired': {
      const where = event.kind === 'payment.failed' ? { providerPaymentId: event.paymentId } : { checkoutSessionId: event.sessionId };
      const purchase = await findPurchase(ctx, where, event.metadata);
      if (!purchase) return 'ignored';
      // Only a pending purchase fails; a later success on the same payment still completes it.
      return (await failPendingPurchase(ctx.db, purchase.id)) ? 'failed' : 'ignored';
    }
    case 'ignored':
      return 'ignored';
  }
}
