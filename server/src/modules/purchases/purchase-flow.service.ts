import type { TCreateCheckoutSessionRequest, TCreateCheckoutSessionResponse } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Package, Purchase } from '../../db/generated/client.js';
import { cardDeclined, paymentNotCompleted, paymentNotFound, sessionNotFound } from '../../payments/payment-errors.js';
import { toMinorUnits, type PaymentProvider } from '../../payments/payment-provider.js';
import { getPackage } from '../packages/packages.service.js';
import { completePurchase, type CompletionResult } from './complete-purchase.js';
import { startFreeTrial } from './free-trial.js';
import { abandonAt, abandonJobKey, auditPurchase, failPendingPurchase, pendingPurchaseData, type Buyer } from './pending-purchase.js';

const CURRENCY = 'try';

/** A started payment: a free package is completed at once, a paid one waits for the card. */
export type PaymentStart =
  | { completed: true; purchase: Purchase }
  | { completed: false; clientSecret: string; paymentIntentId: string };

/** A pending purchase plus its abandon job (a payment never finished turns `failed`). */
async function startPurchase(ctx: AppContext, provider: PaymentProvider, buyer: Buyer, pkg: Package): Promise<Purchase> {
  const purchase = await ctx.db.$transaction(async (tx) => {
    const row = await tx.purchase.create({ data: pendingPurchaseData(buyer, pkg, provider.name, ctx.clock()) });
    await auditPurchase(tx, 'purchase.start', row, { status: [null, 'pending'], amount: [null, row.amount], provider: [null, row.provider] });
    return row;
  });
  await ctx.jobs.enqueue('purchase.abandon', { purchaseId: purchase.id }, { runAt: abandonAt(purchase), key: abandonJobKey(purchase.id) })
    .catch((err) => ctx.logger.error({ err, purchaseId: purchase.id }, 'scheduling abandon failed; the sweep will queue it again'));
  return purchase;
}

/** A processor that could not start the payment leaves a failed row, not a dangling pending one. */
async function withProvider<T>(ctx: AppContext, purchase: Purchase, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    await failPendingPurchase(ctx.db, purchase.id);
    throw err;
  }
}

const description = (pkg: Package) => `Pano paketi: ${pkg.name} (${pkg.durationDays} gün)`;

export async function createPaymentIntent(ctx: AppContext, provider: PaymentProvider, buyer: Buyer, packageId: string): Promise<PaymentStart> {
  const pkg = await getPackage(ctx.db, packageId, { includeInactive: false });
  if (Number(pkg.price) === 0) {
    return { completed: true, purchase: await startFreeTrial(ctx, buyer, pkg) };
  }
  const purchase = await startPurchase(ctx, provider, buyer, pkg);
  const pi = await withProvider(ctx, purchase, () => provider.createPayment({
    amount: toMinorUnits(pkg.price.toString()), currency: CURRENCY, description: description(pkg),
    metadata: { purchaseId: purchase.id, userId: buyer.userId },
  }));
  await ctx.db.purchase.update({ where: { id: purchase.id }, data: { providerPaymentId: pi.id } });
  return { completed: false, clientSecret: pi.clientSecret, paymentIntentId: pi.id };
}

/** Only the account a payment was started for may complete it; anyone else's id is "not found". */
export async function completePayment(ctx: AppContext, provider: PaymentProvider, buyer: Buyer, paymentIntentId: string): Promise<CompletionResult> {
  const purchase = await ctx.db.purchase.findFirst({ where: { providerPaymentId: paymentIntentId, accountId: buyer.accountId } });
  if (!purchase) throw paymentNotFound();
  if (purchase.status === 'completed' || purchase.status === 'expired') return { purchase, completedNow: false };
  const payment = await provider.retrievePayment(paymentIntentId);
  if (!payment || (payment.metadata.purchaseId && payment.metadata.purchaseId !== purchase.id)) throw paymentNotFound();
  if (payment.status === 'failed') {
    // Recorded now, so the sales report shows 'Başarısız' instead of 'Bekliyor'.
    await failPendingPurchase(ctx.db, purchase.id);
    throw cardDeclined(payment.failureCode);
  }
  if (payment.status !== 'succeeded') throw paymentNotCompleted();
  return completePurchase(ctx, purchase.id, { paymentId: payment.id, amount: payment.amount, card: payment.card });
}

export async function createCheckoutSession(ctx: AppContext, provider: PaymentProvider, buyer: Buyer, body: TCreateCheckoutSessionRequest): Promise<TCreateCheckoutSessionResponse> {
  const pkg = await getPackage(ctx.db, body.packageId, { includeInactive: false });
  if (Number(pkg.price) === 0) {
    // Nothing to pay: the trial starts now and the browser goes straight back.
    await startFreeTrial(ctx, buyer, pkg);
    return { url: body.successUrl, sessionId: null };
  }
  const purchase = await startPurchase(ctx, provider, buyer, pkg);
  const session = await withProvider(ctx, purchase, () => provider.createCheckoutSession({
    amount: toMinorUnits(pkg.price.toString()), currency: CURRENCY, description: description(pkg), productName: pkg.name,
    successUrl: body.successUrl, cancelUrl: body.cancelUrl, metadata: { purchaseId: purchase.id, userId: buyer.userId },
  }));
  await ctx.db.purchase.update({ where: { id: purchase.id }, data: { checkoutSessionId: session.id } });
  return { url: session.url, sessionId: session.id };
}

export async function confirmSession(ctx: AppContext, provider: PaymentProvider, buyer: Buyer, sessionId: string): Promise<CompletionResult> {
  const purchase = await ctx.db.purchase.findFirst({ where: { checkoutSessionId: sessionId, accountId: buyer.accountId } });
  if (!purchase) throw sessionNotFound();
  return completeCheckout(ctx, provider, purchase, { requirePaid: true });
}

/** Shared by confirm-session, the webhook and the dev hosted page. */
export async function completeCheckout(ctx: AppContext, provider: PaymentProvider, purchase: Purchase, o: { requirePaid: boolean }): Promise<CompletionResult> {
  if (purchase.status === 'completed' || purchase.status === 'expired') return { purchase, completedNow: false };
  if (!purchase.checkoutSessionId) throw sessionNotFound();
  const s = await provider.retrieveCheckoutSession(purchase.checkoutSessionId);
  if (!s || (s.metadata.purchaseId && s.metadata.purchaseId !== purchase.id)) throw sessionNotFound();
  if (!s.paid) {
    if (o.requirePaid) throw paymentNotCompleted();
    return { purchase, completedNow: false };
  }
  return completePurchase(ctx, purchase.id, { paymentId: s.paymentId, amount: s.payment?.amount ?? s.amount, card: s.payment?.card ?? null });
}
