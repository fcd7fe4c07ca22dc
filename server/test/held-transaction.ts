import { expect, vi } from 'vitest';
import type { Db } from '../src/db/client.js';
import type { Prisma } from '../src/db/generated/client.js';

/**
 * A transaction held open after `work`, as an edit in progress holds its row locks, for tests of
 * what a request does when it meets one. Resolves once the transaction has written (it holds a
 * transaction id, and with it the locks its statements took). `someoneWaits` resolves once another
 * backend waits on it, wherever that one waits; `release` commits it. No clock: both poll the
 * server's own lock tables.
 */
export async function heldTransaction(db: Db, work: (tx: Prisma.TransactionClient) => Promise<void>) {
  let finish!: () => void;
  const held = new Promise<void>((resolve) => { finish = resolve; });
  let pid = 0;
  const done = db.$transaction(async (tx) => {
    pid = (await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;
    await work(tx);
    await held;
  }, { timeout: 30_000 });
  await vi.waitFor(async () => {
    expect(pid).not.toBe(0);
    const written = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks WHERE pid = ${pid} AND locktype = 'transactionid'`;
    expect(written[0]!.n).toBeGreaterThan(0);
  });
  return {
    someoneWaits: () => vi.waitFor(async () => {
      const waiting = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${pid}::int = ANY(pg_blocking_pids(pid))`;
      expect(waiting[0]!.n).toBeGreaterThan(0);
    }, { timeout: 10_000 }),
    release: async () => { finish(); await done; },
  };
}
