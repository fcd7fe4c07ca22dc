import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Package, Purchase } from '../../db/generated/client.js';
import { conflict } from '../../http/errors.js';
import { findRunningPurchase } from '../entitlements/active-package.js';
import { afterCompletion, completeInTransaction, retryOnCodeCollision } from './complete-purchase.js';
import { lockOwner } from '../entitlements/limits.js';
import { pendingPurchaseData, type Buyer } from './pending-purchase.js';

/**
 * Why a price-0 package cannot be started now, or null. Once per account and once per person:
 * a deleted account's purchases keep only their buyer, so deleting and re-creating an account
 * gives no second trial. Never over a running paid package, whose paid days would have nothing
 * to convert into.
 */
export async function freeTrialRefusal(db: DbOrTx, buyer: Buyer, now: Date): Promise<string | null> {
  const used = await db.purchase.count({
    where: { OR: [{ accountId: buyer.accountId }, { userId: buyer.userId }], amount: 0, status: { in: ['pending', 'completed', 'expired'] } },
  });
  if (used > 0) return 'Ücretsiz deneme paketini daha önce kullandınız. Devam etmek için ücretli bir paket seçebilirsiniz.';
  const running = await findRunningPurchase(db, buyer.accountId, now);
  if (running && Number(running.amountPaid ?? running.amount) > 0) {
    return 'Ücretli paketiniz devam ederken ücretsiz deneme başlatılamaz; kalan günleriniz ücretsiz pakete aktarılamaz.';
  }
  return null;
}

/**
 * A price-0 package completes without a card. The checks, the insert and the completion run
 * in one transaction under the buyer's and the account's row locks (in that order, as everywhere),
 * so parallel clicks, in one account or in two of the person's, cannot start two trials and no
 * paid package can complete in between.
 */
export async function startFreeTrial(ctx: AppContext, buyer: Buyer, pkg: Package): Promise<Purchase> {
  const { purchase } = await retryOnCodeCollision(() => ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${buyer.userId} FOR UPDATE`;
    await lockOwner(tx, buyer.accountId);
    const now = ctx.clock();
    const refusal = await freeTrialRefusal(tx, buyer, now);
    if (refusal) throw conflict(refusal);
    const created = await tx.purchase.create({ data: { ...pendingPurchaseData(buyer, pkg, 'free', now), amount: 0 } });
    return completeInTransaction(tx, created, { paymentId: null, amount: 0, card: null }, now);
  }));
  await afterCompletion(ctx, purchase);
  return purchase;
}
