import type { TSalesQuery } from '@pano/contract';
import type { Db } from '../../db/client.js';
import { Prisma, type Purchase } from '../../db/generated/client.js';

/**
 * The report lists the latest purchases only: the page renders them all in one table,
 * and years of history would make it slow. The statistics still cover every purchase.
 */
export const SALES_LIST_LIMIT = 500;

/** A purchase with the customer who made it (gone when the account was deleted). */
export type SaleRow = Purchase & { user: { email: string; firstName: string | null; lastName: string | null } | null };
export type SalesStatistics = { totalSales: number; totalPurchases: number; completedSales: number; successRate: number };
/** The figures over every purchase, and the newest SALES_LIST_LIMIT purchases. */
export type SalesReport = { statistics: SalesStatistics; purchases: SaleRow[] };

type StatsRow = { totalSales: Prisma.Decimal | null; totalPurchases: bigint; completedSales: bigint; successRate: Prisma.Decimal | null };

/**
 * One aggregate query: PostgreSQL sums and counts, not JavaScript. A sale is successful once
 * it was paid, whether its package still runs ('completed') or has ended ('expired'): a
 * renewal or an upgrade ends the purchase it replaces at once, and that must not take its
 * money out of the revenue.
 */
async function salesStatistics(db: Db, userId: string | undefined): Promise<SalesStatistics> {
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
export async function salesReport(db: Db, query: TSalesQuery): Promise<SalesReport> {
  const [statistics, rows] = await Promise.all([
    salesStatistics(db, query.userId),
    db.purchase.findMany({
      where: query.userId ? { userId: query.userId } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: SALES_LIST_LIMIT,
      include: { user: { select: { email: true, firstName: true, lastName: true } } },
    }),
  ]);
  return { statistics, purchases: rows };
}
