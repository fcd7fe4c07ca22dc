import type { TMyPackage } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { notFound, packageRequired } from '../../http/errors.js';
import type { AuthUser } from '../../http/request-types.js';
import { findActivePurchase } from '../entitlements/active-package.js';
import { usageReport } from '../entitlements/limits.js';

/**
 * The running package of `userId` with its usage (docs/PRODUCT.md#settings).
 * Customers may only ask about themselves: another id answers 404, as for any other
 * customer's data. A customer without a running package gets 402 (the web app then
 * sends them to /packages). Admins may read anyone's; as they never need to buy, a
 * user without a package is a plain 404 for them, not a 402 that would redirect.
 */
export async function getMyPackage(ctx: AppContext, caller: AuthUser, userId: string): Promise<TMyPackage> {
  const isAdmin = caller.role === 'admin';
  if (!isAdmin && caller.id !== userId) throw notFound('Paket bilgisi');
  const active = await findActivePurchase(ctx.db, userId, ctx.clock());
  if (!active) throw isAdmin ? notFound('Aktif paket') : packageRequired();

  // Names and limits come from the purchase's snapshot: later edits to the package
  // (or its deletion) never change what a customer bought.
  const limits = { maxMediaUpload: active.maxMediaUploadGb, maxScreens: active.maxScreens, maxPlaylists: active.maxPlaylists };
  return {
    package: { _id: active.packageId, name: active.packageName, duration: active.durationDays, features: limits },
    status: 'completed',
    amountPaid: active.amountPaid,
    purchaseDate: active.completedAt.toISOString(),
    expiresAt: active.expiresAt.toISOString(),
    mobileCode: active.mobileCode,
    isMobileVerified: active.isMobileVerified,
    usage: await usageReport(ctx.db, userId, active),
    limits,
  };
}
