import type { TSalesQuery, TSalesReport } from '@pano/contract';
import type { Db } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { presentSale } from './sales.presenter.js';

/**
 * The report lists the latest purchases only: the page renders them all in one table,
 * and years of history would make it slow. The statistics still cover every purchase.
 */
export const SALES_LIST_LIMIT = 500;

type StatsRow = { totalSales: Prisma.Decimal | null; totalPurchases: bigint; completedSales: bigint; successRate: Prisma.Decimal | null };

/**
 * One aggregate query: PostgreSQL sums and counts, not JavaScript. A sale is successful once
 * it was paid, whether its package still runs ('completed') or has ended ('expired'): a
 * renewal or an upgrade ends the purchase it replaces at once, and that must not take its
 * money out of the revenue.
 */
async function salesStatistics(db: Db, userId: string | undefined): Promise<TSalesReport['statistics']> {
  const where = userId ? Prisma.sql`WHERE "userId" = ${userId}` : Prisma.empty;
  const [row] = await db.$queryRaw<StatsRow[]>`
    SELECT COALESCE(SUM("amountPaid") FILTER (WHERE status IN ('completed', 'expired')), 0) AS "totalSales",
           COUNT(*) AS "totalPurchases",
           COUNT(*) FILTER (WHERE status IN ('completed', 'expired')) AS "completedSales",
           COALESCE(ROUND(COUNT(*) FILTER (WHERE status IN ('completed', 'expired')) * 100.0 / NULLIF(COUNT(*), 0), 1), 0) AS "successRate"
    FROM purchases ${where}`;
  return {
    totalSales: Number(row?.totalSales ?? 0),
    totalPurchases: Number(row?.totalPurchases ?? 0),
    completedSales: Number(row?.completedSales ?? 0),
    successRate: Number(row?.successRate ?? 0),
  };
}

/** GET /api/purchase/admin/sales: totals plus the newest purchases, optionally of one customer. */
export async function salesReport(db: Db, query: TSalesQuery): Promise<TSalesReport> {
  const [statistics, rows] = await Promise.all([
    salesStatistics(db, query.userId),
    db.purchase.findMany({
      where: query.userId ? { userId: query.userId } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: SALES_LIST_LIMIT,
      include: { user: { select: { email: true, firstName: true, lastName: true } } },
    }),
  ]);
  return { statistics, purchases: rows.map(presentSale) };
}
