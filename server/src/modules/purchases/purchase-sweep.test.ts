import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { sweepPurchases } from './purchases.jobs.js';

let t: TestApp;
// A database of its own: the sweep expires every overdue purchase it finds.
beforeAll(async () => { t = await createTestApp({ ownDatabase: true }); });
afterAll(async () => { await t?.close(); });

const overdue = (u: TestUser, msAgo: number) => t.ctx.db.purchase.create({ data: {
  userId: u.id, accountId: u.id, status: 'completed', provider: 'stripe', amount: 10, packageName: 'Temel',
  durationDays: 30, maxMediaUploadGb: 1, maxScreens: 1, maxPlaylists: 1, completedAt: new Date(Date.now() - 40 * 86_400_000),
  expiresAt: new Date(Date.now() - msAgo),
} });
const statusOf = async (id: string) => (await t.ctx.db.purchase.findUniqueOrThrow({ where: { id } })).status;

describe('purchase sweep', () => {
  it("expires each overdue purchase in a transaction of its own: one busy account's chain holds up no other", async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const first = await overdue(a, 2 * 60_000);
    const second = await overdue(b, 60_000);
    // Another change of account b is appending to its chain (holds the chain's lock, docs/architecture/audit.md#the-chain:
    // b has no event yet, so its chain's lock is the advisory one; after its first, the head row's).
    const other = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`audit:${b.id}`]);
      const sweep = sweepPurchases(t.ctx);
      await expect.poll(() => statusOf(first.id), { timeout: 15_000, message: "account a's expiry, while b's chain is busy" }).toBe('expired');
      expect(await statusOf(second.id)).toBe('completed');
      await other.query('COMMIT');
      expect((await sweep).expired).toBe(2);
      expect(await statusOf(second.id)).toBe('expired');
    } finally {
      await other.end();
    }
    const events = await t.ctx.db.auditEvent.findMany({ where: { action: 'purchase.expire', chain: { in: [a.id, b.id] } } });
    expect(events.map((e) => [e.chain, e.targetId, e.actorType]).sort()).toEqual([[a.id, first.id, 'system'], [b.id, second.id, 'system']].sort());
  });
});
