import { Prisma } from './generated/client.js';

/** Tables whose rows are edited as a whole (the row plus its ordered child rows), and media, whose app edits an approval compares. */
type LockableTable = 'playlists' | 'direction_playlists' | 'screen_groups' | 'schedules' | 'layouts' | 'media' | 'webhooks';

/**
 * Longest wait for another request's edit of the same row. Past it PostgreSQL raises
 * lock_not_available, which the error handler answers as 409 (http/db-errors.ts); it is
 * well inside Prisma's 5 s transaction timeout, whose expiry would answer 503 instead.
 */
const LOCK_WAIT = '2s';

/**
 * Serialises edits of one row: `SELECT … FOR UPDATE` waits until a concurrent edit of the
 * same row commits, so this transaction's later statements see that edit's child rows (in
 * READ COMMITTED each statement reads what is committed when it starts) and replace them
 * whole. Without it two edits delete the same old rows and both insert position 0.
 * False when the row does not exist or is not the owner's.
 */
export async function lockOwnedRow(tx: Prisma.TransactionClient, table: LockableTable, id: string, ownerId: string): Promise<boolean> {
  await tx.$queryRaw`SELECT set_config('lock_timeout', ${LOCK_WAIT}, true)`;
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM ${Prisma.raw(`"${table}"`)} WHERE id = ${id} AND "ownerId" = ${ownerId} FOR UPDATE`;
  return rows.length === 1;
}

/**
 * What an edit runs in its own transaction after its event, given the row as it was: an
 * approval's check and record (docs/architecture/approval.md).
 */
export type InEditHook<Row> = (tx: Prisma.TransactionClient, before: Row) => Promise<void>;
