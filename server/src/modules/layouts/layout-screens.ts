import type { DbOrTx } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import { screensOfSchedules } from '../schedules/schedule-targets.js';

/*
 * Which screens and layouts a playlist, ticker or media item reaches through layouts' zones
 * (docs/PRODUCT.md#layouts). The playlist, ticker and media services ask these beside their own
 * "screens showing it" lookups, so an edit reaches a screen that shows it in a zone, once.
 */

/**
 * The screens whose current layout matches `layout` (one by its id, or those with a zone playing
 * a playlist), and those reached by a schedule entry showing such a layout (their configs carry
 * it, docs/architecture/scheduling.md#layouts-in-schedules), each once.
 */
export async function screensThroughLayouts(db: DbOrTx, layout: Prisma.LayoutWhereInput): Promise<string[]> {
  const rows = await db.screen.findMany({ where: { currentLayout: layout }, select: { id: true } });
  const scheduled = await screensOfSchedules(db, { layout });
  return [...new Set([...rows.map((r) => r.id), ...scheduled])];
}

/** The owner's layouts with a zone matching `zone`, by name, for a delete confirmation. */
export function layoutsUsing(db: DbOrTx, ownerId: string, zone: Prisma.LayoutZoneWhereInput) {
  return db.layout.findMany({
    where: { ownerId, zones: { some: zone } }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}
