import type { Db } from '../src/db/client.js';

/**
 * Every table's row count and a digest of its rows, for tests with a database of their own:
 * equal fingerprints before and after a request mean it wrote nothing, not even an update.
 */
/**
 * Rows read without what any signed-in request updates: a member's last activity and an API
 * key's last use and request counts are not a change.
 */
const BOOKKEEPING: Record<string, string> = {
  memberships: '(SELECT id, "accountId", "userId", role, "createdAt" FROM memberships)',
  api_keys: '(SELECT id, "ownerId", name, hash, prefix, scopes, "createdAt", "revokedAt" FROM api_keys)',
  api_key_usage: '(SELECT 1 WHERE false)',
};

export async function dbFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
    ORDER BY table_name`;
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const quoted = BOOKKEEPING[name] ?? `"${name.replaceAll('"', '""')}"`;
    const [row] = await db.$queryRawUnsafe<{ n: bigint; digest: string | null }[]>(
      `SELECT count(*) AS n, md5(string_agg(t::text, ',' ORDER BY t::text)) AS digest FROM ${quoted} t`,
    );
    out[name] = `${row?.n ?? 0}:${row?.digest ?? ''}`;
  }
  return out;
}
