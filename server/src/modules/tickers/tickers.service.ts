import type { z } from 'zod';
import type { ZCreateTickerRequest, ZUpdateTickerRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockOwnedRow, type InEditHook } from '../../db/row-lock.js';
import { notFound } from '../../http/errors.js';
import { screensOfSchedules } from '../schedules/schedule-targets.js';
import { screensThroughLayouts } from '../layouts/layout-screens.js';
import { audit, changesOf } from '../audit/audit.js';

export type TickerRow = {
  id: string;
  name: string;
  speed: number;
  createdAt: Date;
  updatedAt: Date;
  texts: { text: string }[];
};

export const withTexts = { texts: { orderBy: { position: 'asc' }, select: { text: true } } } as const;
const missing = () => notFound('Reji playlisti');

/** Screens it is assigned to, screens that schedules showing it reach, and screens showing it in a layout's zone. */
const screensShowing = async (db: DbOrTx, tickerId: string) => [...new Set([
  ...(await db.screen.findMany({ where: { currentTickerPlaylistId: tickerId }, select: { id: true } })).map((s) => s.id),
  ...(await screensOfSchedules(db, { tickerPlaylistId: tickerId })),
  ...(await screensThroughLayouts(db, { zones: { some: { tickerPlaylistId: tickerId } } })),
])];

const textRows = (playlistId: string, texts: { text: string }[]) =>
  texts.map((d, position) => ({ playlistId, text: d.text, position }));

/** What an event records of a ticker playlist. */
const TICKER_FIELDS = ['name', 'speed', 'texts'] as const;
export const auditedTicker = (r: TickerRow) => ({ name: r.name, speed: r.speed, texts: r.texts.map((x) => x.text) });

export async function listTickerPlaylists(db: Db, ownerId: string): Promise<TickerRow[]> {
  return db.tickerPlaylist.findMany({ where: { ownerId }, orderBy: { createdAt: 'asc' }, include: withTexts });
}

export async function createTickerPlaylist(
  db: Db, ownerId: string, body: z.output<typeof ZCreateTickerRequest>,
): Promise<TickerRow> {
  return db.$transaction(async (tx) => {
    const row = await tx.tickerPlaylist.create({
      data: { ownerId, name: body.name, speed: body.speed, texts: { create: body.directions.map((d, position) => ({ text: d.text, position })) } },
      include: withTexts,
    });
    await audit(tx, { account: ownerId, action: 'ticker.create', target: { type: 'ticker', id: row.id, name: row.name }, changes: changesOf(null, auditedTicker(row), TICKER_FIELDS) });
    return row;
  });
}

/** Name, speed and texts each change only when sent; sent texts replace the old list in order. */
export async function updateTickerPlaylist(
  ctx: AppContext, ownerId: string, id: string, body: z.output<typeof ZUpdateTickerRequest>,
  alsoInEdit?: InEditHook<TickerRow>,
): Promise<TickerRow> {
  const updated = await ctx.db.$transaction(async (tx) => {
    // Locked so that parallel edits replace the texts one after another (db/row-lock.ts).
    if (!(await lockOwnedRow(tx, 'direction_playlists', id, ownerId))) throw missing();
    const before = await tx.tickerPlaylist.findUniqueOrThrow({ where: { id }, include: withTexts });
    if (body.directions) {
      await tx.tickerText.deleteMany({ where: { playlistId: id } });
      await tx.tickerText.createMany({ data: textRows(id, body.directions) });
    }
    const after = await tx.tickerPlaylist.update({
      where: { id },
      data: { name: body.name, speed: body.speed, updatedAt: ctx.clock() },
      include: withTexts,
    });
    await audit(tx, { account: ownerId, action: 'ticker.update', target: { type: 'ticker', id, name: after.name }, changes: changesOf(auditedTicker(before), auditedTicker(after), TICKER_FIELDS) });
    await alsoInEdit?.(tx, before);
    return after;
  });
  await ctx.notifier.screensChanged(await screensShowing(ctx.db, id));
  return updated;
}

/** The screens a ticker playlist is assigned to: deleting it stops their ticker. */
export async function tickerUsage(db: Db, ownerId: string, id: string) {
  if (!(await db.tickerPlaylist.findFirst({ where: { id, ownerId }, select: { id: true } }))) throw missing();
  return db.screen.findMany({
    where: { ownerId, currentTickerPlaylistId: id }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

export async function deleteTickerPlaylist(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const screenIds = await ctx.db.$transaction(async (tx) => {
    const existing = await tx.tickerPlaylist.findFirst({ where: { id, ownerId }, include: withTexts });
    if (!existing) throw missing();
    // Read before deleting: the FKs set currentTickerPlaylistId, schedules' and zones' ticker to NULL.
    const showing = await screensShowing(tx, id);
    await tx.tickerPlaylist.delete({ where: { id } });
    await audit(tx, { account: ownerId, action: 'ticker.delete', target: { type: 'ticker', id, name: existing.name }, changes: changesOf(auditedTicker(existing), null, TICKER_FIELDS) });
    return showing;
  });
  await ctx.notifier.screensChanged(screenIds);
}
