import type { AppContext } from '../../context.js';
import { notFound, packageRequired } from '../../http/errors.js';
import type { AuthUser } from '../../http/request-types.js';
import { findActivePurchase, type ActivePurchase } from '../entitlements/active-package.js';
import { usageReport, type UsageReport } from '../entitlements/limits.js';

/** The running purchase (its snapshot of the package) and what the customer uses of its limits. */
export type MyPackage = { active: ActivePurchase; usage: UsageReport };

const ownedAccountOf = async (ctx: AppContext, userId: string) =>
  (await ctx.db.membership.findFirst({ where: { userId, role: 'owner' }, orderBy: { createdAt: 'asc' }, select: { accountId: true } }))?.accountId;

/**
 * The running package with its usage (docs/PRODUCT.md#settings): asked with one's own user id,
 * that of the account one works in (docs/architecture/accounts.md). Customers may only ask
 * about themselves: another id answers 404, as for any other customer's data. A customer without a running package gets 402 (the web app then
 * sends them to /packages). Admins may read anyone's; as they never need to buy, a
 * user without a package is a plain 404 for them, not a 402 that would redirect.
 */
export async function getMyPackage(ctx: AppContext, caller: AuthUser, callerAccountId: string | undefined, userId: string): Promise<MyPackage> {
  const isAdmin = caller.role === 'admin';
  if (!isAdmin && caller.id !== userId) throw notFound('Paket bilgisi');
  // An admin asking about someone else reads the account that person owns (their oldest):
  // found through the membership, never by the person's id (docs/architecture/accounts.md).
  const accountId = caller.id === userId ? callerAccountId : await ownedAccountOf(ctx, userId);
  const active = accountId ? await findActivePurchase(ctx.db, accountId, ctx.clock()) : null;
  if (!active) throw isAdmin ? notFound('Aktif paket') : packageRequired();
  return { active, usage: await usageReport(ctx.db, accountId!, active) };
}
