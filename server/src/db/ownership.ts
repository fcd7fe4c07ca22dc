import type { DbOrTx } from './client.js';

/*
 * The ownership checks every module shares: whether ids a customer names are rows of that
 * customer. Another customer's id reads as missing, never as someone else's (a 404, not a 403).
 */

type Owned = 'screen' | 'screenGroup';

/** Whether every one of these ids is a row of this owner. */
export async function allOwned(db: DbOrTx, table: Owned, ownerId: string, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const where = { ownerId, id: { in: ids } };
  const found = table === 'screen' ? await db.screen.count({ where }) : await db.screenGroup.count({ where });
  return found === ids.length;
}

/** The ids among these that are (still) the owner's, in their order (a template's targets deleted since are skipped). */
export async function stillOwned(db: DbOrTx, table: Owned, ownerId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const where = { ownerId, id: { in: ids } };
  const rows = table === 'screen'
    ? await db.screen.findMany({ where, select: { id: true } })
    : await db.screenGroup.findMany({ where, select: { id: true } });
  const kept = new Set(rows.map((r) => r.id));
  return ids.filter((id) => kept.has(id));
}
