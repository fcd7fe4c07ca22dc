import type { DbOrTx } from './client.js';

/*
 * The ownership checks every module shares: whether ids a customer names are rows of that
 * customer. Another customer's id reads as missing, never as someone else's (a 404, not a 403).
 */

type Where = { ownerId: string; id: { in: string[] } };

/** How many rows of each owned table match: one entry per table the checks cover. */
const counters = {
  screen: (db: DbOrTx, where: Where) => db.screen.count({ where }),
  screenGroup: (db: DbOrTx, where: Where) => db.screenGroup.count({ where }),
  media: (db: DbOrTx, where: Where) => db.media.count({ where }),
  playlist: (db: DbOrTx, where: Where) => db.playlist.count({ where }),
  tickerPlaylist: (db: DbOrTx, where: Where) => db.tickerPlaylist.count({ where }),
  layout: (db: DbOrTx, where: Where) => db.layout.count({ where }),
} satisfies Record<string, (db: DbOrTx, where: Where) => Promise<number>>;

type Owned = keyof typeof counters;

/** Whether every one of these ids is a row of this owner (an id named twice counts once). */
export async function allOwned(db: DbOrTx, table: Owned, ownerId: string, ids: string[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  return (await counters[table](db, { ownerId, id: { in: unique } })) === unique.length;
}

/** Whether this id is a row of this owner. */
export const owns = (db: DbOrTx, table: Owned, ownerId: string, id: string): Promise<boolean> => allOwned(db, table, ownerId, [id]);

/** The ids among these that are (still) the owner's, in their order (a template's targets deleted since are skipped). */
export async function stillOwned(db: DbOrTx, table: 'screen' | 'screenGroup', ownerId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const where = { ownerId, id: { in: ids } };
  const rows = table === 'screen'
    ? await db.screen.findMany({ where, select: { id: true } })
    : await db.screenGroup.findMany({ where, select: { id: true } });
  const kept = new Set(rows.map((r) => r.id));
  return ids.filter((id) => kept.has(id));
}
