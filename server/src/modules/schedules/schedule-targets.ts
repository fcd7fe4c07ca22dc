import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';

/*
 * Which screens a schedule entry can reach: the screens it names and the members of the groups
 * it names. Services ask these after their writes, so that exactly the screens whose schedule
 * may have changed are pushed (docs/architecture/scheduling.md#schedules).
 */

const reach = {
  screens: { select: { screenId: true } },
  groups: { select: { group: { select: { members: { select: { screenId: true } } } } } },
} as const;

type Reach = { id: string; screens: { screenId: string }[]; groups: { group: { members: { screenId: string }[] } }[] };

const screensOf = (s: Reach): string[] => [
  ...s.screens.map((x) => x.screenId),
  ...s.groups.flatMap((g) => g.group.members.map((m) => m.screenId)),
];

/** The screens reached by the schedules matching `where` (each screen once). */
export async function screensOfSchedules(db: DbOrTx, where: Prisma.ScheduleWhereInput): Promise<string[]> {
  const rows = await db.schedule.findMany({ where, select: { id: true, ...reach } });
  return [...new Set(rows.flatMap(screensOf))];
}

/**
 * For each of these screens, the ids of the schedules reaching it (directly or through a
 * group), as a sorted, comparable key. A group change affects a screen only when this key
 * changes: a screen the same schedule also names directly shows the same before and after.
 */
export async function scheduleKeysOf(db: DbOrTx, ownerId: string, screenIds: string[]): Promise<Map<string, string>> {
  const sets = new Map(screenIds.map((id) => [id, new Set<string>()]));
  if (screenIds.length === 0) return new Map();
  const rows = await db.schedule.findMany({
    where: {
      ownerId,
      OR: [
        { screens: { some: { screenId: { in: screenIds } } } },
        { groups: { some: { group: { members: { some: { screenId: { in: screenIds } } } } } } },
      ],
    },
    select: { id: true, ...reach },
  });
  for (const row of rows) for (const screenId of screensOf(row)) sets.get(screenId)?.add(row.id);
  return new Map([...sets].map(([id, set]) => [id, [...set].sort().join(',')]));
}

/** The screens whose key differs between two snapshots taken by scheduleKeysOf. */
export const changedKeys = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((id) => (before.get(id) ?? '') !== (after.get(id) ?? ''));

/**
 * The one place schedule and group changes reach the screens, called after the commit with
 * the screens whose schedule may have changed: the live notifier rebuilds and pushes their
 * configs (docs/architecture/realtime.md#pushes), once per change.
 */
export async function notifyAffectedScreens(ctx: Pick<AppContext, 'notifier'>, screenIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(screenIds)];
  if (ids.length > 0) await ctx.notifier.screensChanged(ids);
}
