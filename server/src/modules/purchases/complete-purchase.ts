import type { AppContext } from '../../context.js';
import type { Purchase } from '../../db/generated/client.js';
import { Prisma } from '../../db/generated/client.js';
import { conflict } from '../../http/errors.js';
import { paymentFailed, paymentNotFound } from '../../payments/payment-errors.js';
import { toMinorUnits, type CardSummary } from '../../payments/payment-provider.js';
import { generateMobileCode } from './mobile-code.js';

const DAY_MS = 86_400_000;
const CODE_ATTEMPTS = 8;

/** What the processor confirmed: the payment's id, the amount taken (kuruş) and the card. */
export type PaymentProof = { paymentId: string | null; amount: number; card: CardSummary | null };

export type CompletionResult = { purchase: Purchase; completedNow: boolean };

export const expireJobKey = (p: Pick<Purchase, 'id' | 'expiresAt'>) => `purchase.expire-${p.id}-${p.expiresAt?.getTime() ?? 0}`;

/**
 * pending (or failed: an abandoned payment that went through after all) → completed,
 * exactly once however many callers race: the conditional UPDATE is atomic, so one caller
 * changes the row and the rest see `completed` and answer the same purchase. The
 * processor's payment id is unique across purchases, so one payment never pays twice.
 */
export async function completePurchase(ctx: AppContext, purchaseId: string, proof: PaymentProof): Promise<CompletionResult> {
  const p = await ctx.db.purchase.findUnique({ where: { id: purchaseId } });
  if (!p) throw paymentNotFound();
  if (p.status === 'completed' || p.status === 'expired') return { purchase: p, completedNow: false };
  if (proof.amount !== toMinorUnits(p.amount.toString())) throw paymentFailed('Ödenen tutar paket fiyatıyla eşleşmiyor');
  if (p.providerPaymentId && proof.paymentId && p.providerPaymentId !== proof.paymentId) throw paymentNotFound();

  const now = ctx.clock();
  const card = proof.card;
  for (let attempt = 1; ; attempt++) {
    try {
      const { count } = await ctx.db.purchase.updateMany({
        where: { id: p.id, status: { in: ['pending', 'failed'] } },
        data: {
          status: 'completed',
          providerPaymentId: proof.paymentId ?? p.providerPaymentId,
          amountPaid: p.amount,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          cardHolder: card?.holder ?? null,
          mobileCode: generateMobileCode(),
          completedAt: now,
          // A new package runs from now, even while an older one is still running.
          expiresAt: new Date(now.getTime() + p.durationDays * DAY_MS),
        },
      });
      const purchase = await ctx.db.purchase.findUniqueOrThrow({ where: { id: p.id } });
      if (count === 1) await afterCompletion(ctx, purchase);
      return { purchase, completedNow: count === 1 };
    } catch (err) {
      // A mobile-code collision (1 in 31^8 per pair) is retried with a fresh code.
      const unique = err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
      if (!unique) throw err;
      if (attempt >= CODE_ATTEMPTS) throw conflict('Bu ödeme başka bir satın alımda kullanılmış');
    }
  }
}

/** After the commit: schedule the expiry and let the customer's screens show content again. */
async function afterCompletion(ctx: AppContext, p: Purchase): Promise<void> {
  if (p.expiresAt) {
    await ctx.jobs.enqueue('purchase.expire', { purchaseId: p.id }, { runAt: p.expiresAt, key: expireJobKey(p) })
      .catch((err) => ctx.logger.error({ err, purchaseId: p.id }, 'scheduling expiry failed; the sweep will expire it'));
  }
  await ctx.notifier.ownerScreensChanged(p.userId);
}
