import type { AppContext } from '../../context.js';
import { announce } from '../webhooks/webhooks.service.js';

const DAY_MS = 86_400_000;
/** Days before a package's end its webhooks hear `package.expiring`; the nearer first, so a short package is not told twice at once. */
const WARN_DAYS = [1, 7] as const;

/**
 * `package.expiring` (docs/architecture/webhooks.md#events), from the purchase sweep: each
 * running package is told of 7 days and 1 day before it ends, once each (`expiryToldDays` is
 * claimed before telling). One bought with less than a week left hears only what still applies.
 */
export async function tellExpiringPackages(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs' | 'logger'>): Promise<number> {
  const now = ctx.clock();
  let told = 0;
  for (const days of WARN_DAYS) {
    const due = await ctx.db.purchase.updateManyAndReturn({
      where: {
        status: 'completed', accountId: { not: null }, expiresAt: { gt: now, lte: new Date(now.getTime() + days * DAY_MS) },
        OR: [{ expiryToldDays: null }, { expiryToldDays: { gt: days } }],
      },
      data: { expiryToldDays: days },
      select: { id: true, accountId: true, packageId: true, packageName: true, expiresAt: true },
    });
    for (const p of due) {
      await announce(ctx, p.accountId!, 'package.expiring', {
        package: { _id: p.packageId, name: p.packageName }, purchase: { _id: p.id, expiresAt: p.expiresAt!.toISOString() }, daysLeft: days,
      });
    }
    told += due.length;
  }
  return told;
}
