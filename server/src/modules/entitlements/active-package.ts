import type { RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Purchase } from '../../db/generated/client.js';
import { packageRequired } from '../../http/errors.js';
import { currentAccount } from '../../http/authenticate.js';

export type ActivePurchase = {
  id: string;
  packageId: string | null;
  packageName: string;
  durationDays: number;
  amountPaid: number;
  completedAt: Date;
  expiresAt: Date;
  mobileCode: string | null;
  isMobileVerified: boolean;
  maxMediaUploadGb: number;
  maxScreens: number;
  maxPlaylists: number;
};

/**
 * docs/architecture/purchases.md#packages: the latest completed purchase that has not expired yet. A renewal or an upgrade ends the
 * purchase it replaces, so one runs at a time; the order only matters for rows bought
 * before that rule (two running at once), where the newest wins as it always did.
 */
export async function findRunningPurchase(db: DbOrTx, accountId: string, now: Date, exceptId?: string): Promise<Purchase | null> {
  const p = await db.purchase.findFirst({
    where: { accountId, status: 'completed', expiresAt: { gt: now }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    orderBy: [{ completedAt: 'desc' }, { createdAt: 'desc' }],
  });
  return p?.expiresAt ? p : null;
}

export async function findActivePurchase(db: Db, accountId: string, now: Date): Promise<ActivePurchase | null> {
  const p = await findRunningPurchase(db, accountId, now);
  if (!p || !p.expiresAt) return null;
  return {
    id: p.id,
    packageId: p.packageId,
    packageName: p.packageName,
    durationDays: p.durationDays,
    amountPaid: Number(p.amountPaid ?? p.amount),
    completedAt: p.completedAt ?? p.createdAt,
    expiresAt: p.expiresAt,
    mobileCode: p.mobileCode,
    isMobileVerified: p.isMobileVerified,
    maxMediaUploadGb: p.maxMediaUploadGb,
    maxScreens: p.maxScreens,
    maxPlaylists: p.maxPlaylists,
  };
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by requireActivePackage for customers; admins have none and no limits. */
      activePurchase?: ActivePurchase;
    }
  }
}

/** 402 for customers without an active package; admins are exempt (docs/architecture/purchases.md#packages). */
export function requireActivePackage(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    // A platform admin's own account needs no package; an admin invited into a customer's does.
    if (req.user?.role === 'admin' && req.account?.role === 'owner') return next();
    const active = await findActivePurchase(ctx.db, currentAccount(req).id, ctx.clock());
    if (!active) throw packageRequired();
    req.activePurchase = active;
    next();
  };
}
