import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSalesReport } from '@pano/contract';
import { openMigratedDatabase, type Database } from '../../db/client.js';
import { withOwnAccount } from '../accounts/own-account.js';
import { presentSalesReport } from './sales.presenter.js';
import { SALES_LIST_LIMIT, salesReport } from './sales.service.js';

// Unfiltered statistics cover every customer, so exact figures need a database no other
// test writes to: a fresh embedded one (this also proves the aggregate SQL runs on PGlite).
let dataDir: string;
let database: Database;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-sales-'));
  database = await openMigratedDatabase({ dataDir });
});
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const snapshot = { provider: 'test', packageName: 'Başlangıç', durationDays: 30, maxMediaUploadGb: 5, maxScreens: 3, maxPlaylists: 10 };

describe('salesReport (whole database)', () => {
  it('reports zeros and an empty list when nothing was sold', async () => {
    expect(presentSalesReport(await salesReport(database.db, {}))).toEqual({
      statistics: { totalSales: 0, totalPurchases: 0, completedSales: 0, successRate: 0 },
      purchases: [],
    });
  });

  it("sums every customer's completed revenue in the database and caps the list at the newest 500", async () => {
    const [a, b] = await Promise.all(['a', 'b'].map((n) => database.db.user.create({ data: withOwnAccount({ email: `${n}@sales.test`, passwordHash: 'x' }) })));
    const t0 = Date.UTC(2026, 0, 1);
    // 498 failed (oldest) + 2 completed + 1 pending (newest): 501 purchases in all.
    await database.db.purchase.createMany({
      data: Array.from({ length: 498 }, (_, i) => ({ ...snapshot, userId: a!.id, accountId: a!.id, status: 'failed' as const, amount: 499, createdAt: new Date(t0 + i * 1000) })),
    });
    await database.db.purchase.createMany({
      data: [
        { ...snapshot, userId: a!.id, accountId: a!.id, status: 'completed', amount: 499, amountPaid: 499.99, createdAt: new Date(t0 + 600_000) },
        { ...snapshot, userId: b!.id, accountId: b!.id, status: 'completed', amount: 1299, amountPaid: 1299.01, createdAt: new Date(t0 + 601_000) },
        { ...snapshot, userId: b!.id, accountId: b!.id, status: 'pending', amount: 3999, createdAt: new Date(t0 + 602_000) },
      ],
    });

    const r = ZSalesReport.parse(presentSalesReport(await salesReport(database.db, {})));
    expect(r.statistics).toEqual({ totalSales: 1799, totalPurchases: 501, completedSales: 2, successRate: 0.4 });
    expect(r.purchases).toHaveLength(SALES_LIST_LIMIT);
    expect(r.purchases.slice(0, 3).map((p) => [p.status, p.user?.email, p.paymentDetails.amount])).toEqual([
      ['pending', 'b@sales.test', 3999],
      ['completed', 'b@sales.test', 1299.01],
      ['completed', 'a@sales.test', 499.99],
    ]);
    // The oldest failed purchase is the one left off.
    expect(r.purchases.at(-1)!.createdAt).toBe(new Date(t0 + 1000).toISOString());
  });
});
