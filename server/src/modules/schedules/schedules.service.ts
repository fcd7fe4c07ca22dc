import type { z } from 'zod';
import type { ZScheduleWrite } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockOwnedRow } from '../../db/row-lock.js';
import type { Prisma } from '../../db/generated/client.js';
import { notFound } from '../../http/errors.js';
import { allOwned, owns } from '../../db/ownership.js';
import { notifyAffectedScreens, screensOfSchedules } from './schedule-targets.js';
import { audit, changesOf } from '../audit/audit.js';

type Named = { id: string; name: string };

export type ScheduleRow = {
  id: string;
  name: string;
  /** Exactly one of playlist and layout (the contract refuses neither or both, docs/architecture/scheduling.md#layouts-in-schedules). */
  playlist: Named | null;
  layout: Named | null;
  tickerPlaylist: Named | null;
  screens: { screen: Named }[];
  groups: { group: Named }[];
  days: number[];
  startTime: string;
  endTime: string;
  startDate: Date | null;
  endDate: Date | null;
  exceptDates: Date[];
  priority: number;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
};

type Write = z.output<typeof ZScheduleWrite>;

const named = { select: { id: true, name: true } } as const;
export const withRefs = {
  playlist: named,
  layout: named,
  tickerPlaylist: named,
  screens: { select: { screen: named } },
  groups: { select: { group: named } },
} as const;
const scheduleMissing = () => notFound('Zamanlama');

/** What an event records of a schedule entry: its rule, and what and where it plays, by name. */
const SCHEDULE_FIELDS = ['name', 'playlist', 'layout', 'ticker', 'screens', 'groups', 'days', 'startTime', 'endTime', 'startDate', 'endDate', 'exceptDates', 'priority', 'enabled'] as const;
const auditedSchedule = (s: ScheduleRow) => ({
  name: s.name, playlist: s.playlist?.name ?? null, layout: s.layout?.name ?? null, ticker: s.tickerPlaylist?.name ?? null,
  screens: s.screens.map((x) => x.screen.name).sort(), groups: s.groups.map((x) => x.group.name).sort(),
  days: s.days, startTime: s.startTime, endTime: s.endTime, startDate: s.startDate, endDate: s.endDate, exceptDates: s.exceptDates,
  priority: s.priority, enabled: s.enabled,
});
const scheduleTarget = (s: { id: string; name: string }) => ({ type: 'schedule', id: s.id, name: s.name });

/** Calendar days are stored as DATE; midnight UTC keeps the day as written whatever the server's zone. */
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

export async function listSchedules(db: Db, ownerId: string): Promise<ScheduleRow[]> {
  return db.schedule.findMany({ where: { ownerId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], include: withRefs });
}

/** Every id the entry names must be the owner's own: another customer's reads as missing (404). */
async function assertOwnRefs(tx: DbOrTx, ownerId: string, body: Write, screens: string[], groups: string[]): Promise<void> {
  if (body.playlist && !(await owns(tx, 'playlist', ownerId, body.playlist))) throw notFound('Playlist');
  if (body.layout && !(await owns(tx, 'layout', ownerId, body.layout))) throw notFound('Yerleşim');
  if (body.directionPlaylist && !(await owns(tx, 'tickerPlaylist', ownerId, body.directionPlaylist))) throw notFound('Reji playlisti');
  if (!(await allOwned(tx, 'screen', ownerId, screens))) throw notFound('Ekran');
  if (!(await allOwned(tx, 'screenGroup', ownerId, groups))) throw notFound('Ekran grubu');
}

const ruleData = (body: Write) => ({
  name: body.name,
  playlistId: body.playlist,
  layoutId: body.layout,
  tickerPlaylistId: body.directionPlaylist,
  days: body.days,
  startTime: body.startTime,
  endTime: body.endTime,
  startDate: body.startDate ? asDate(body.startDate) : null,
  endDate: body.endDate ? asDate(body.endDate) : null,
  exceptDates: body.exceptDates.map(asDate),
  priority: body.priority,
  enabled: body.enabled,
});

const targets = (screens: string[], groups: string[]) => ({
  screens: { create: screens.map((screenId) => ({ screenId })) },
  groups: { create: groups.map((groupId) => ({ groupId })) },
});

/** A row it names deleted between the checks and the write fails a foreign key: nothing written, 404. */
function refGone(err: unknown): never {
  if ((err as { code?: string }).code === 'P2003') throw notFound('Playlist, yerleşim, ekran veya ekran grubu');
  throw err;
}

/**
 * No package limit counts schedules: an entry only names playlists and screens the customer
 * already has within their package, and needs a running package like an assignment does.
 */
export async function createSchedule(ctx: AppContext, ownerId: string, body: Write): Promise<ScheduleRow> {
  const screens = [...new Set(body.screens)];
  const groups = [...new Set(body.groups)];
  const { row, affected } = await ctx.db.$transaction(async (tx) => {
    await assertOwnRefs(tx, ownerId, body, screens, groups);
    const row = await tx.schedule.create({ data: { ownerId, ...ruleData(body), ...targets(screens, groups) }, include: withRefs });
    await audit(tx, { account: ownerId, action: 'schedule.create', target: scheduleTarget(row), changes: changesOf(null, auditedSchedule(row), SCHEDULE_FIELDS) });
    return { row, affected: await screensOfSchedules(tx, { id: row.id }) };
  }).catch(refGone);
  await notifyAffectedScreens(ctx, affected);
  return row;
}

/** Replaces the whole entry under its row lock; pushed: the screens it reached before and those it reaches now. */
export async function updateSchedule(ctx: AppContext, ownerId: string, id: string, body: Write): Promise<ScheduleRow> {
  const screens = [...new Set(body.screens)];
  const groups = [...new Set(body.groups)];
  const { row, affected } = await ctx.db.$transaction(async (tx) => {
    if (!(await lockOwnedRow(tx, 'schedules', id, ownerId))) throw scheduleMissing();
    await assertOwnRefs(tx, ownerId, body, screens, groups);
    const before = await screensOfSchedules(tx, { id });
    const previous = await tx.schedule.findUniqueOrThrow({ where: { id }, include: withRefs });
    await tx.scheduleScreen.deleteMany({ where: { scheduleId: id } });
    await tx.scheduleGroup.deleteMany({ where: { scheduleId: id } });
    const row = await tx.schedule.update({
      where: { id }, data: { ...ruleData(body), ...targets(screens, groups), updatedAt: ctx.clock() }, include: withRefs,
    });
    await audit(tx, { account: ownerId, action: 'schedule.update', target: scheduleTarget(row), changes: changesOf(auditedSchedule(previous), auditedSchedule(row), SCHEDULE_FIELDS) });
    return { row, affected: [...before, ...(await screensOfSchedules(tx, { id }))] };
  }).catch(refGone);
  await notifyAffectedScreens(ctx, affected);
  return row;
}

export async function deleteSchedule(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const affected = await ctx.db.$transaction(async (tx) => {
    if (!(await lockOwnedRow(tx, 'schedules', id, ownerId))) throw scheduleMissing();
    const reached = await screensOfSchedules(tx, { id });
    const existing = await tx.schedule.findUniqueOrThrow({ where: { id }, include: withRefs });
    await tx.schedule.delete({ where: { id } });
    await audit(tx, { account: ownerId, action: 'schedule.delete', target: scheduleTarget(existing), changes: changesOf(auditedSchedule(existing), null, SCHEDULE_FIELDS) });
    return reached;
  });
  await notifyAffectedScreens(ctx, affected);
}

/** The schedules matching `where` among the owner's, named for a delete confirmation. */
export async function schedulesUsing(db: Db, ownerId: string, where: Prisma.ScheduleWhereInput) {
  return db.schedule.findMany({
    where: { ...where, ownerId }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}
