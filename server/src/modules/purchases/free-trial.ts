import type { AppContext } from '../../context.js';
import type { Package, Purchase } from '../../db/generated/client.js';
import { conflict } from '../../http/errors.js';
import type { AuthUser } from '../../http/request-types.js';
import { lockOwner } from './limits.js';
import { completePurchase } from './complete-purchase.js';
import { pendingPurchaseData } from './pending-purchase.js';

/**
 * A price-0 package completes without a card, once per customer: the check and the insert
 * run under the customer's row lock, so parallel clicks cannot start two trials.
 */
export async function startFreeTrial(ctx: AppContext, user: AuthUser, pkg: Package): Promise<Purchase> {
  const purchase = await ctx.db.$transaction(async (tx) => {
    await lockOwner(tx, user.id);
    const used = await tx.purchase.count({ where: { userId: user.id, amount: 0, status: { in: ['pending', 'completed', 'expired'] } } });
    if (used > 0) throw conflict('Ücretsiz deneme paketini daha önce kullandınız. Devam etmek için ücretli bir paket seçebilirsiniz.');
    return tx.purchase.create({ data: { ...pendingPurchaseData(user.id, pkg, 'free', ctx.clock()), amount: 0 } });
  });
  const { purchase: done } = await completePurchase(ctx, purchase.id, { paymentId: null, amount: 0, card: null });
  return done;
}
