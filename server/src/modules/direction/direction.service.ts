import type { z } from 'zod';
import type { ZCreateDirectionRequest, ZUpdateDirectionRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockOwnedRow } from '../../db/row-lock.js';
import { notFound } from '../../http/errors.js';
import { screensOfSchedules } from '../schedules/schedule-targets.js';
import type { DirectionRow } from './direction.presenter.js';

export const withTexts = { texts: { orderBy: { position: 'asc' }, select: { text: true } } } as const;
const missing = () => notFound('Reji playlisti');

/** Screens it is assigned to, and screens that schedules showing it reach. */
const screensShowing = async (db: DbOrTx, tickerId: string) => [...new Set([
  ...(await db.screen.findMany({ where: { currentDirectionPlaylistId: tickerId }, select: { id: true } })).map((s) => s.id),
  ...(await screensOfSchedules(db, { tickerPlaylistId: tickerId })),
])];

const textRows = (playlistId: string, directions: { text: string }[]) =>
  directions.map((d, position) => ({ playlistId, text: d.text, position }));

export async function listDirectionPlaylists(db: Db, ownerId: string): Promise<DirectionRow[]> {
  return db.directionPlaylist.findMany({ where: { ownerId }, orderBy: { createdAt: 'asc' }, include: withTexts });
}

export async function createDirectionPlaylist(
  db: Db, ownerId: string, body: z.output<typeof ZCreateDirectionRequest>,
): Promise<DirectionRow> {
  return db.directionPlaylist.create({
    data: { ownerId, name: body.name, speed: body.speed, texts: { create: body.directions.map((d, position) => ({ text: d.text, position })) } },
    include: withTexts,
  });
}

/** Name, speed and texts each change only when sent; sent texts replace the old list in order. */
export async function updateDirectionPlaylist(
  ctx: AppContext, ownerId: string, id: string, body: z.output<typeof ZUpdateDirectionRequest>,
): Promise<DirectionRow> {
  const updated = await ctx.db.$transaction(async (tx) => {
    // Locked so that parallel edits replace the texts one after another (db/row-lock.ts).
    if (!(await lockOwnedRow(tx, 'direction_playlists', id, ownerId))) throw missing();
    if (body.directions) {
      await tx.directionText.deleteMany({ where: { playlistId: id } });
      await tx.directionText.createMany({ data: textRows(id, body.directions) });
    }
    return tx.directionPlaylist.update({
      where: { id },
      data: { name: body.name, speed: body.speed, updatedAt: ctx.clock() },
      include: withTexts,
    });
  });
  await ctx.notifier.screensChanged(await screensShowing(ctx.db, id));
  return updated;
}

/** The screens a ticker playlist is assigned to: deleting it stops their ticker. */
export async function directionUsage(db: Db, ownerId: string, id: string) {
  if (!(await db.directionPlaylist.findFirst({ where: { id, ownerId }, select: { id: true } }))) throw missing();
  return db.screen.findMany({
    where: { ownerId, currentDirectionPlaylistId: id }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

export async function deleteDirectionPlaylist(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const screenIds = await ctx.db.$transaction(async (tx) => {
    const existing = await tx.directionPlaylist.findFirst({ where: { id, ownerId }, select: { id: true } });
    if (!existing) throw missing();
    // Read before deleting: the FKs set currentDirectionPlaylistId and schedules' ticker to NULL.
    const showing = await screensShowing(tx, id);
    await tx.directionPlaylist.delete({ where: { id } });
    return showing;
  });
  await ctx.notifier.screensChanged(screenIds);
}
