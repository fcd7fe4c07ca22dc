import type { DbOrTx } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';

/*
 * Which screens and layouts a playlist, ticker or media item reaches through layouts' zones
 * (docs/PRODUCT.md#layouts). The playlist, ticker and media services ask these beside their own
 * "screens showing it" lookups, so an edit reaches a screen that shows it in a zone, once.
 */

/** The screens whose current layout has a zone matching `zone`. */
export async function screensThroughLayouts(db: DbOrTx, zone: Prisma.LayoutZoneWhereInput): Promise<string[]> {
  const rows = await db.screen.findMany({ where: { currentLayout: { zones: { some: zone } } }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** The owner's layouts with a zone matching `zone`, by name, for a delete confirmation. */
export function layoutsUsing(db: DbOrTx, ownerId: string, zone: Prisma.LayoutZoneWhereInput) {
  return db.layout.findMany({
    where: { ownerId, zones: { some: zone } }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}
