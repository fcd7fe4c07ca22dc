import type { DbOrTx } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import { screensOfSchedules } from '../schedules/schedule-targets.js';

/*
 * Which screens and layouts a playlist, ticker or media item reaches through layouts' zones
 * (docs/PRODUCT.md#layouts). The playlist, ticker and media services ask these beside their own
 * "screens showing it" lookups, so an edit reaches a screen that shows it in a zone, once.
 */

/**
 * The screens whose current layout has a zone matching `zone`, and those reached by a schedule
 * entry showing such a layout (their configs carry it, docs/architecture/scheduling.md#layouts-in-schedules).
 */
export async function screensThroughLayouts(db: DbOrTx, zone: Prisma.LayoutZoneWhereInput): Promise<string[]> {
  const rows = await db.screen.findMany({ where: { currentLayout: { zones: { some: zone } } }, select: { id: true } });
  const scheduled = await screensOfSchedules(db, { layout: { zones: { some: zone } } });
  return [...new Set([...rows.map((r) => r.id), ...scheduled])];
}

/** The owner's layouts with a zone matching `zone`, by name, for a delete confirmation. */
export function layoutsUsing(db: DbOrTx, ownerId: string, zone: Prisma.LayoutZoneWhereInput) {
  return db.layout.findMany({
    where: { ownerId, zones: { some: zone } }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}
