import { announce } from '../webhooks/webhooks.service.js';
import type { AppContext } from '../../context.js';
import type { Purchase } from '../../db/generated/client.js';
import { Prisma } from '../../db/generated/client.js';
import { conflict } from '../../http/errors.js';
import { paymentFailed, paymentNotFound } from '../../payments/payment-errors.js';
import { toMinorUnits, type CardSummary } from '../../payments/payment-provider.js';
import { findRunningPurchase } from '../entitlements/active-package.js';
import { lockOwner } from '../entitlements/limits.js';
import { generateMobileCode } from './mobile-code.js';
import { planCurrentOf, planPackagePurchase } from './package-plan.js';
import { auditPurchase } from './pending-purchase.js';

const CODE_ATTEMPTS = 8;

/** What the processor confirmed: the payment's id, the amount taken (kuruş) and the card. */
export type PaymentProof = { paymentId: string | null; amount: number; card: CardSummary | null };

export type CompletionResult = { purchase: Purchase; completedNow: boolean };

export const expireJobKey = (p: Pick<Purchase, 'id' | 'expiresAt'>) => `purchase.expire-${p.id}-${p.expiresAt?.getTime() ?? 0}`;

/**
 * pending (or failed: an abandoned payment that went through after all) → completed,
 * exactly once however many callers race: the customer's row is locked and the status
 * flipped conditionally in one transaction, so one caller completes it (and converts the
 * running package's time, from the state at that moment) and the rest see `completed`
 * and answer the same purchase. The processor's payment id is unique across purchases,
 * so one payment never pays twice.
 */
export async function completePurchase(ctx: AppContext, purchaseId: string, proof: PaymentProof): Promise<CompletionResult> {
  const p = await ctx.db.purchase.findUnique({ where: { id: purchaseId } });
  if (!p) throw paymentNotFound();
  if (p.status === 'completed' || p.status === 'expired') return { purchase: p, completedNow: false };
  if (proof.amount !== toMinorUnits(p.amount.toString())) throw paymentFailed('Ödenen tutar paket fiyatıyla eşleşmiyor');
  if (p.providerPaymentId && proof.paymentId && p.providerPaymentId !== proof.paymentId) throw paymentNotFound();

  const result = await retryOnCodeCollision(() => ctx.db.$transaction((tx) => completeInTransaction(tx, p, proof, ctx.clock())));
  if (result.completedNow) await afterCompletion(ctx, result.purchase);
  return result;
}

/** A mobile-code collision (1 in 31^8 per pair) rolls the transaction back; it is run again with a fresh code. */
export async function retryOnCodeCollision<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const unique = err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
      if (!unique) throw err;
      if (attempt >= CODE_ATTEMPTS) throw conflict('Bu ödeme başka bir satın alımda kullanılmış');
    }
  }
}

/** The completion itself, inside the caller's transaction; `afterCompletion` follows the commit. */
export async function completeInTransaction(tx: Prisma.TransactionClient, p: Purchase, proof: PaymentProof, now: Date): Promise<CompletionResult> {
  // A payment that went through after its account was deleted is still money taken: it is
  // recorded, and runs for no account (docs/architecture/accounts.md#deleting-the-account).
  if (p.accountId) await lockOwner(tx, p.accountId);
  const card = proof.card;
  const { count } = await tx.purchase.updateMany({
    where: { id: p.id, status: { in: ['pending', 'failed'] } },
    data: {
      status: 'completed',
      providerPaymentId: proof.paymentId ?? p.providerPaymentId,
      amountPaid: p.amount,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      cardHolder: card?.holder ?? null,
      completedAt: now,
    },
  });
  if (count === 0) return { purchase: await tx.purchase.findUniqueOrThrow({ where: { id: p.id } }), completedNow: false };

  const current = p.accountId ? await findRunningPurchase(tx, p.accountId, now, p.id) : null;
  const plan = planPackagePurchase(current && planCurrentOf(current), { packageId: p.packageId, price: p.amount.toString(), durationDays: p.durationDays }, now);
  if (current) {
    // Its remaining time now lives in the new purchase: it ends here, and hands over its
    // mobile code (unique, so released first) so paired screens and the code on /settings stay.
    await tx.purchase.update({ where: { id: current.id }, data: { status: 'expired', expiresAt: now, mobileCode: null } });
  }
  const purchase = await tx.purchase.update({
    where: { id: p.id },
    data: {
      expiresAt: plan.expiresAt,
      mobileCode: current?.mobileCode ?? generateMobileCode(),
      isMobileVerified: current?.isMobileVerified ?? false,
      previousPurchaseId: current?.id ?? null,
    },
  });
  if (current) await auditPurchase(tx, 'purchase.replace', current, { status: ['completed', 'expired'], expiresAt: [current.expiresAt, now] });
  await auditPurchase(tx, 'purchase.complete', purchase, { status: [p.status, 'completed'], amountPaid: [null, purchase.amountPaid], expiresAt: [null, purchase.expiresAt] });
  return { purchase, completedNow: true };
}

/**
 * After the commit: schedule the expiry at the effective end and push the customer's screens
 * (content again, or the new package's limits). The replaced purchase's own expiry job finds
 * it already ended and does nothing.
 */
export async function afterCompletion(ctx: AppContext, p: Purchase): Promise<void> {
  if (p.expiresAt) {
    await ctx.jobs.enqueue('purchase.expire', { purchaseId: p.id }, { runAt: p.expiresAt, key: expireJobKey(p) })
      .catch((err) => ctx.logger.error({ err, purchaseId: p.id }, 'scheduling expiry failed; the sweep will queue it again'));
  }
  if (p.accountId) {
    await ctx.notifier.ownerScreensChanged(p.accountId);
    await announce(ctx, p.accountId, 'purchase.completed', {
      purchase: { _id: p.id, packageId: p.packageId, amountPaid: p.amountPaid?.toString() ?? null, expiresAt: p.expiresAt?.toISOString() ?? null },
    });
  }
}
