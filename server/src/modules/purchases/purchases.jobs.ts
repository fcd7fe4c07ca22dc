import type { AppContext } from '../../context.js';
import type { Purchase } from '../../db/generated/client.js';
import type { JobHandlers } from '../../jobs/job-definitions.js';
import { completePurchase, expireJobKey } from './complete-purchase.js';
import { ABANDON_AFTER_MS, abandonAt, abandonJobKey } from './pending-purchase.js';
import { completeCheckout } from './purchase-flow.service.js';
import { auditPurchase } from './pending-purchase.js';
import { tellExpiringPackages } from './package-expiring.js';

const SWEEP_BATCH = 200;
// Running purchases read per page when their expiry jobs are checked.
const REQUEUE_BATCH = 1000;

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
  if ((await expireOne(ctx, purchaseId, now)) && p.accountId) await ctx.notifier.ownerScreensChanged(p.accountId);
}

/** Expires one overdue purchase with its event, in a transaction of its own; true when it did. */
async function expireOne(ctx: AppContext, purchaseId: string, now: Date): Promise<boolean> {
  return ctx.db.$transaction(async (tx) => {
    const [ended] = await tx.purchase.updateManyAndReturn({
      where: { id: purchaseId, status: 'completed', expiresAt: { lte: now } },
      data: { status: 'expired' },
    });
    if (ended) await auditPurchase(tx, 'purchase.expire', ended, { status: ['completed', 'expired'] });
    return Boolean(ended);
  });
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
    await ctx.jobs.enqueue('purchase.abandon', { purchaseId }, { runAt: abandonAt(p), key: `${abandonJobKey(p.id)}-again-${Date.now()}` });
    return;
  }
  if (await completeIfPaid(ctx, p)) return;
  await ctx.db.$transaction(async (tx) => {
    const [failed] = await tx.purchase.updateManyAndReturn({ where: { id: p.id, status: 'pending', createdAt: { lte: cutoff } }, data: { status: 'failed' } });
    if (failed) await auditPurchase(tx, 'purchase.abandon', failed, { status: ['pending', 'failed'] });
  });
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

/**
 * Repairs what lost jobs missed: overdue expiries first, then abandoned payments; then queues
 * again the delayed jobs of the purchases still running or pending that Redis no longer holds.
 */
export async function sweepPurchases(ctx: AppContext): Promise<{ expired: number; abandoned: number; requeued: number }> {
  const now = ctx.clock();
  // One transaction per purchase: one holding every account's chain lock at once waited on the
  // busiest of them, and held the others meanwhile (docs/architecture/audit.md#the-chain).
  const overdue = await ctx.db.purchase.findMany({ where: { status: 'completed', expiresAt: { lte: now } }, select: { id: true, accountId: true }, orderBy: { expiresAt: 'asc' } });
  const expired: typeof overdue = [];
  for (const row of overdue) if (await expireOne(ctx, row.id, now)) expired.push(row);
  for (const accountId of new Set(expired.flatMap((e) => (e.accountId ? [e.accountId] : [])))) await ctx.notifier.ownerScreensChanged(accountId);

  const stale = await ctx.db.purchase.findMany({
    where: { status: 'pending', createdAt: { lte: new Date(now.getTime() - ABANDON_AFTER_MS) } },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take: SWEEP_BATCH,
  });
  for (const { id } of stale) await abandonPurchase(ctx, id);
  await tellExpiringPackages(ctx);
  return { expired: expired.length, abandoned: stale.length, requeued: await requeueLostJobs(ctx, now) };
}

/**
 * A job queued while Redis was down failed (the request went on without it), and a Redis
 * restarted without persistence lost every delayed one. Each running purchase should have its
 * expiry waiting and each young pending purchase its abandon; the runner queues the missing
 * ones under the same keys and leaves the rest alone (docs/OPERATIONS.md#redis-outages).
 */
async function requeueLostJobs(ctx: AppContext, now: Date): Promise<number> {
  let requeued = 0;
  for (let after: string | undefined; ;) {
    const running = await ctx.db.purchase.findMany({
      where: { status: 'completed', expiresAt: { gt: now }, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true, expiresAt: true },
      orderBy: { id: 'asc' },
      take: REQUEUE_BATCH,
    });
    requeued += await ctx.jobs.ensureScheduled(running.map((p) => ({
      name: 'purchase.expire', payload: { purchaseId: p.id }, runAt: p.expiresAt!, key: expireJobKey(p),
    })));
    if (running.length < REQUEUE_BATCH) break;
    after = running.at(-1)!.id;
  }
  // At most half an hour of purchases: a few.
  const pending = await ctx.db.purchase.findMany({
    where: { status: 'pending', createdAt: { gt: new Date(now.getTime() - ABANDON_AFTER_MS) } },
    select: { id: true, createdAt: true },
  });
  requeued += await ctx.jobs.ensureScheduled(pending.map((p) => ({
    name: 'purchase.abandon', payload: { purchaseId: p.id }, runAt: abandonAt(p), key: abandonJobKey(p.id),
  })));
  return requeued;
}

/** The purchase jobs' handlers, bound to one app context. */
export const purchaseJobHandlers = (ctx: AppContext): Pick<JobHandlers, 'purchase.expire' | 'purchase.abandon' | 'purchase.sweep'> => ({
  'purchase.expire': ({ purchaseId }) => expirePurchase(ctx, purchaseId),
  'purchase.abandon': ({ purchaseId }) => abandonPurchase(ctx, purchaseId),
  'purchase.sweep': async () => void (await sweepPurchases(ctx)),
});
