import type { AppContext } from '../../context.js';
import type { Purchase } from '../../db/generated/client.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { completePurchase, expireJobKey } from './complete-purchase.js';
import { ABANDON_AFTER_MS } from './pending-purchase.js';
import { completeCheckout } from './purchase-flow.service.js';

const SWEEP_BATCH = 200;

/**
 * completed → expired once expiresAt has passed; the customer's screens are then pushed a
 * config whose notice tells the player the package ended. Run early (a clock ahead of
 * ours), it schedules itself again for the right moment.
 */
export async function expirePurchase(ctx: AppContext, purchaseId: string): Promise<void> {
  const p = await ctx.db.purchase.findUnique({ where: { id: purchaseId } });
  if (!p || p.status !== 'completed' || !p.expiresAt) return;
  const now = ctx.clock();
  if (p.expiresAt > now) {
    await ctx.jobs.enqueue('purchase.expire', { purchaseId }, { runAt: p.expiresAt, key: `${expireJobKey(p)}-again-${now.getTime()}` });
    return;
  }
  const { count } = await ctx.db.purchase.updateMany({
    where: { id: purchaseId, status: 'completed', expiresAt: { lte: now } },
    data: { status: 'expired' },
  });
  if (count) await ctx.notifier.ownerScreensChanged(p.userId);
}

/**
 * A payment still pending 30 minutes after it started has been abandoned → failed. The
 * processor is asked first: a payment that went through while its webhook got lost is
 * completed instead, so no customer ever pays for nothing.
 */
export async function abandonPurchase(ctx: AppContext, purchaseId: string): Promise<void> {
  const p = await ctx.db.purchase.findUnique({ where: { id: purchaseId } });
  if (!p || p.status !== 'pending') return;
  const cutoff = new Date(ctx.clock().getTime() - ABANDON_AFTER_MS);
  if (p.createdAt > cutoff) {
    await ctx.jobs.enqueue('purchase.abandon', { purchaseId }, { runAt: new Date(p.createdAt.getTime() + ABANDON_AFTER_MS), key: `purchase.abandon-${p.id}-again-${Date.now()}` });
    return;
  }
  if (await completeIfPaid(ctx, p)) return;
  await ctx.db.purchase.updateMany({ where: { id: p.id, status: 'pending', createdAt: { lte: cutoff } }, data: { status: 'failed' } });
}

async function completeIfPaid(ctx: AppContext, p: Purchase): Promise<boolean> {
  const provider = ctx.payments;
  if (p.provider !== provider.name) return false;
  try {
    if (p.checkoutSessionId) {
      const { purchase } = await completeCheckout(ctx, provider, p, { requirePaid: false });
      return purchase.status === 'completed';
    }
    if (!p.providerPaymentId) return false;
    const payment = await provider.retrievePayment(p.providerPaymentId);
    if (payment?.status !== 'succeeded') return false;
    await completePurchase(ctx, p.id, { paymentId: payment.id, amount: payment.amount, card: payment.card });
    return true;
  } catch (err) {
    ctx.logger.warn({ err, purchaseId: p.id }, 'could not ask the processor about a pending payment');
    return false;
  }
}

/** Repairs what lost jobs missed: overdue expiries first, then abandoned payments. */
export async function sweepPurchases(ctx: AppContext): Promise<{ expired: number; abandoned: number }> {
  const now = ctx.clock();
  const expired = await ctx.db.purchase.updateManyAndReturn({
    where: { status: 'completed', expiresAt: { lte: now } },
    data: { status: 'expired' },
    select: { userId: true },
  });
  for (const userId of new Set(expired.map((e) => e.userId))) await ctx.notifier.ownerScreensChanged(userId);

  const stale = await ctx.db.purchase.findMany({
    where: { status: 'pending', createdAt: { lte: new Date(now.getTime() - ABANDON_AFTER_MS) } },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take: SWEEP_BATCH,
  });
  for (const { id } of stale) await abandonPurchase(ctx, id);
  return { expired: expired.length, abandoned: stale.length };
}

/** The purchase jobs' handlers, bound to one app context. */
export const purchaseJobHandlers = (ctx: AppContext): JobHandlers => ({
  'purchase.expire': ({ purchaseId }) => expirePurchase(ctx, purchaseId),
  'purchase.abandon': ({ purchaseId }) => abandonPurchase(ctx, purchaseId),
  'purchase.sweep': async () => void (await sweepPurchases(ctx)),
});
