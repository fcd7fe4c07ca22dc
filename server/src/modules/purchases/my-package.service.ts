import type { AppContext } from '../../context.js';
import { notFound, packageRequired } from '../../http/errors.js';
import type { AuthUser } from '../../http/request-types.js';
import { findActivePurchase, type ActivePurchase } from '../entitlements/active-package.js';
import { usageReport, type UsageReport } from '../entitlements/limits.js';

/** The running purchase (its snapshot of the package) and what the customer uses of its limits. */
export type MyPackage = { active: ActivePurchase; usage: UsageReport };

/**
 * The running package of `userId` with its usage (docs/PRODUCT.md#settings).
 * Customers may only ask about themselves: another id answers 404, as for any other
 * customer's data. A customer without a running package gets 402 (the web app then
 * sends them to /packages). Admins may read anyone's; as they never need to buy, a
 * user without a package is a plain 404 for them, not a 402 that would redirect.
 */
export async function getMyPackage(ctx: AppContext, caller: AuthUser, userId: string): Promise<MyPackage> {
  const isAdmin = caller.role === 'admin';
  if (!isAdmin && caller.id !== userId) throw notFound('Paket bilgisi');
  const active = await findActivePurchase(ctx.db, userId, ctx.clock());
  if (!active) throw isAdmin ? notFound('Aktif paket') : packageRequired();
  return { active, usage: await usageReport(ctx.db, userId, active) };
}
