import type { Request } from 'express';
import type { Db } from '../../db/client.js';
import { currentAccount, currentUser } from '../../http/authenticate.js';
import type { Package, Prisma, Purchase } from '../../db/generated/client.js';
import { audit, type AuditChanges } from '../audit/audit.js';
import type { TAuditAction } from '@pano/contract';

/** A payment still pending after this long is given up (`purchase.abandon`). */
export const ABANDON_AFTER_MS = 30 * 60_000;

/** The abandon job of one purchase: queued when it starts, and again by the sweep if Redis lost it. */
export const abandonJobKey = (purchaseId: string) => `purchase.abandon-${purchaseId}`;
export const abandonAt = (p: Pick<Purchase, 'createdAt'>) => new Date(p.createdAt.getTime() + ABANDON_AFTER_MS);

/** Who pays (recorded on the sale) and the account the package is for (docs/architecture/accounts.md). */
export type Buyer = { userId: string; accountId: string };

/** The buyer of a request: the signed-in person, for the account they work in. */
export const buyerOf = (req: Request): Buyer => ({ userId: currentUser(req).id, accountId: currentAccount(req).id });

/**
 * The row a purchase starts as: pending, with a snapshot of the package, so later edits or
 * deletion of the package never change what was bought (docs/architecture/purchases.md#packages).
 */
export const pendingPurchaseData = (buyer: Buyer, pkg: Package, provider: string, now: Date): Prisma.PurchaseUncheckedCreateInput => ({
  userId: buyer.userId, accountId: buyer.accountId, packageId: pkg.id, status: 'pending', provider, amount: pkg.price, createdAt: now,
  packageName: pkg.name, durationDays: pkg.durationDays,
  maxMediaUploadGb: pkg.maxMediaUploadGb, maxScreens: pkg.maxScreens, maxPlaylists: pkg.maxPlaylists, maxMembers: pkg.maxMembers,
});

/**
 * pending → failed: a declined card, a processor that could not start, an abandoned payment.
 * Only a pending row changes; a completed one never does, and a failed one can still be
 * completed by a later successful attempt on the same payment.
 */
export async function failPendingPurchase(db: Db, purchaseId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const [failed] = await tx.purchase.updateManyAndReturn({ where: { id: purchaseId, status: 'pending' }, data: { status: 'failed' } });
    if (failed) await auditPurchase(tx, 'purchase.fail', failed, { status: ['pending', 'failed'] });
    return Boolean(failed);
  });
}

/** A purchase's event, in its account's chain; the card's details are never written into it. */
export const auditPurchase = (tx: Prisma.TransactionClient, action: TAuditAction, p: Purchase, changes: AuditChanges) =>
  audit(tx, { account: p.accountId, action, target: { type: 'purchase', id: p.id, name: p.packageName }, changes });
