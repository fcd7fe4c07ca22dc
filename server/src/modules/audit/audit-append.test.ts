import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../db/generated/client.js';
import type { Db } from '../../db/client.js';
import { audit } from './audit.js';
import { verifyChain } from './audit-log.service.js';

/*
 * Appending to a chain (docs/architecture/audit.md#the-chain): what it sends, and that appends
 * at once to one chain still follow one another.
 */

let db: PrismaClient<'query'>;
const queries: string[] = [];
beforeAll(() => {
  // A client of its own that reports every statement it sends, with room for appends at once.
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: inject('databaseUrl'), max: 8 }), log: [{ emit: 'event', level: 'query' }] });
  db.$on('query', (e) => { queries.push(e.query); });
});
afterAll(async () => { await db.$disconnect(); });

const append = (chain: string, name: string) =>
  db.$transaction((tx) => audit(tx, { account: chain, action: 'playlist.update', target: { type: 'playlist', id: null, name } }));
/** The statements an append sends, without its transaction's own. */
const statements = () => queries.filter((q) => !/^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(q));

describe('an append', () => {
  it('to a chain with a head sends two statements: the head locked and read, then the event and the head moved', async () => {
    const chain = `test-${randomUUID()}`;
    await append(chain, 'İlk');
    queries.length = 0;
    await append(chain, 'İkinci');
    expect(statements()).toHaveLength(2);
    expect(await verifyChain(db as unknown as Db, chain)).toEqual({ ok: true, checked: 2, brokenAt: null });
  });

  it('at once with others on one chain, its first events among them: each follows the one before', async () => {
    const chain = `test-${randomUUID()}`;
    const names = Array.from({ length: 24 }, (_, i) => `E${i}`);
    await Promise.all(names.map((name) => append(chain, name)));
    const rows = await db.auditEvent.findMany({ where: { chain }, orderBy: { seq: 'asc' }, select: { seq: true, targetName: true } });
    expect(rows.map((r) => r.seq)).toEqual(names.map((_, i) => i + 1));
    expect(rows.map((r) => r.targetName).sort()).toEqual([...names].sort());
    expect(await db.auditHead.findUnique({ where: { chain }, select: { seq: true } })).toEqual({ seq: names.length });
    expect(await verifyChain(db as unknown as Db, chain)).toEqual({ ok: true, checked: names.length, brokenAt: null });

    // And again, the head there from the start.
    await Promise.all(names.map((name) => append(chain, `${name}-2`)));
    expect(await verifyChain(db as unknown as Db, chain)).toEqual({ ok: true, checked: 2 * names.length, brokenAt: null });
  });
});
