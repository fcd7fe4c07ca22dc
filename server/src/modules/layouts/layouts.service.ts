import type { z } from 'zod';
import type { ZCreateLayoutRequest, ZUpdateLayoutRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockOwnedRow, type InEditHook } from '../../db/row-lock.js';
import { allOwned } from '../../db/ownership.js';
import { conflict, listedNames, notFound } from '../../http/errors.js';
import { screensThroughLayouts } from './layout-screens.js';
import { audit, changesOf } from '../audit/audit.js';

/*
 * Layouts ('Yerleşimler', docs/PRODUCT.md#layouts): a row and its ordered zones, written whole
 * like a playlist and its items. Zones name only the owner's own playlists and tickers.
 */

type Named = { id: string; name: string };
export type LayoutRow = {
  id: string;
  name: string;
  orientation: string;
  background: string;
  createdAt: Date;
  updatedAt: Date;
  zones: {
    name: string; x: number; y: number; width: number; height: number; z: number; fit: string;
    playlist: Named | null; tickerPlaylist: Named | null;
  }[];
};

type Zones = z.output<typeof ZCreateLayoutRequest>['zones'];

const named = { select: { id: true, name: true } } as const;
const withZones = {
  zones: { orderBy: { position: 'asc' }, include: { playlist: named, tickerPlaylist: named } },
} as const;
const missing = () => notFound('Yerleşim');

/** What an event records of a layout: its settings and each zone's place and content, by name. */
const LAYOUT_FIELDS = ['name', 'orientation', 'background', 'zones'] as const;
export const auditedLayout = (l: LayoutRow) => ({
  name: l.name, orientation: l.orientation, background: l.background,
  zones: l.zones.map((z) => ({ name: z.name, x: z.x, y: z.y, width: z.width, height: z.height, z: z.z, fit: z.fit, playlist: z.playlist?.name ?? null, ticker: z.tickerPlaylist?.name ?? null })),
});

export async function listLayouts(db: Db, ownerId: string): Promise<LayoutRow[]> {
  return db.layout.findMany({ where: { ownerId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], include: withZones });
}

export async function getLayout(db: Db, ownerId: string, id: string): Promise<LayoutRow> {
  const row = await db.layout.findFirst({ where: { id, ownerId }, include: withZones });
  if (!row) throw missing();
  return row;
}

/** Every playlist and ticker the zones name must be the owner's own: another customer's id reads as missing. */
export async function assertOwnContent(tx: DbOrTx, ownerId: string, zones: Zones): Promise<void> {
  const playlists = zones.flatMap((z) => (z.playlist ? [z.playlist] : []));
  const tickers = zones.flatMap((z) => (z.directionPlaylist ? [z.directionPlaylist] : []));
  if (!(await allOwned(tx, 'playlist', ownerId, playlists))) throw notFound('Playlist');
  if (!(await allOwned(tx, 'tickerPlaylist', ownerId, tickers))) throw notFound('Reji playlisti');
}

const zoneRows = (layoutId: string, zones: Zones) => zones.map((z, position) => ({
  layoutId, position, name: z.name, x: z.x, y: z.y, width: z.width, height: z.height, z: z.z, fit: z.fit,
  playlistId: z.playlist, tickerPlaylistId: z.directionPlaylist,
}));

export async function createLayout(ctx: AppContext, ownerId: string, body: z.output<typeof ZCreateLayoutRequest>): Promise<LayoutRow> {
  return ctx.db.$transaction(async (tx) => {
    await assertOwnContent(tx, ownerId, body.zones);
    const l = await tx.layout.create({ data: { ownerId, name: body.name, orientation: body.orientation, background: body.background } });
    await tx.layoutZone.createMany({ data: zoneRows(l.id, body.zones) });
    const row = await tx.layout.findUniqueOrThrow({ where: { id: l.id }, include: withZones });
    await audit(tx, { account: ownerId, action: 'layout.create', target: { type: 'layout', id: row.id, name: row.name }, changes: changesOf(null, auditedLayout(row), LAYOUT_FIELDS) });
    return row;
  });
}

/** The screens showing the layout or whose schedule may show it (their configs carry it), each once. */
/**
 * Changes the sent fields; sent zones replace the old list in order, under the row's lock
 * (db/row-lock.ts), then every screen showing the layout is pushed once.
 */
export async function updateLayout(
  ctx: AppContext, ownerId: string, id: string, body: z.output<typeof ZUpdateLayoutRequest>,
  alsoInEdit?: InEditHook<LayoutRow>,
): Promise<LayoutRow> {
  const updated = await ctx.db.$transaction(async (tx) => {
    if (!(await lockOwnedRow(tx, 'layouts', id, ownerId))) throw missing();
    const before = await tx.layout.findUniqueOrThrow({ where: { id }, include: withZones });
    if (body.zones) {
      await assertOwnContent(tx, ownerId, body.zones);
      await tx.layoutZone.deleteMany({ where: { layoutId: id } });
      await tx.layoutZone.createMany({ data: zoneRows(id, body.zones) });
    }
    // Always touch the row so updatedAt moves even when only zones changed (the config memo keys on it).
    const after = await tx.layout.update({
      where: { id },
      data: { name: body.name, orientation: body.orientation, background: body.background, updatedAt: ctx.clock() },
      include: withZones,
    });
    await audit(tx, { account: ownerId, action: 'layout.update', target: { type: 'layout', id, name: after.name }, changes: changesOf(auditedLayout(before), auditedLayout(after), LAYOUT_FIELDS) });
    await alsoInEdit?.(tx, before);
    return after;
  });
  await ctx.notifier.screensChanged(await screensThroughLayouts(ctx.db, { id }));
  return updated;
}

/** The screens showing the layout and the schedule entries naming it, by name: deleting it is refused while there are any. */
export async function layoutUsage(db: Db, ownerId: string, id: string): Promise<{ screens: Named[]; schedules: Named[] }> {
  if (!(await db.layout.findFirst({ where: { id, ownerId }, select: { id: true } }))) throw missing();
  return { screens: await screensNamed(db, ownerId, id), schedules: await schedulesNamed(db, ownerId, id) };
}

const schedulesNamed = (db: DbOrTx, ownerId: string, layoutId: string) => db.schedule.findMany({
  where: { ownerId, layoutId }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }],
});


const screensNamed = (db: DbOrTx, ownerId: string, layoutId: string) => db.screen.findMany({
  where: { ownerId, currentLayoutId: layoutId }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }],
});

/**
 * Deletes a layout no screen shows and no schedule entry names; one in use is refused (409)
 * naming the screens or the entries, so nothing goes dark by accident. The row lock makes an
 * assignment racing the delete wait (screens.service.ts takes it too), so the check cannot miss
 * a screen; an entry written meanwhile fails the foreign key (RESTRICT) instead.
 */
export async function deleteLayout(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    if (!(await lockOwnedRow(tx, 'layouts', id, ownerId))) throw missing();
    const screens = await screensNamed(tx, ownerId, id);
    if (screens.length > 0) {
      throw conflict(`Bu yerleşim şu ekranlarda gösteriliyor: ${listedNames(screens.map((s) => s.name), 'ekran')}. Silmeden önce bu ekranlara başka bir içerik atayın.`);
    }
    const schedules = await schedulesNamed(tx, ownerId, id);
    if (schedules.length > 0) {
      throw conflict(`Bu yerleşim şu zamanlamalarda kullanılıyor: ${listedNames(schedules.map((s) => s.name), 'zamanlama')}. Silmeden önce bu zamanlamaları değiştirin veya silin.`);
    }
    const existing = await tx.layout.findUniqueOrThrow({ where: { id }, include: withZones });
    await tx.layout.delete({ where: { id } }).catch((err: unknown) => {
      // An entry naming it was written after the check (the foreign key RESTRICTs): still in use.
      if ((err as { code?: string }).code === 'P2003') throw conflict('Bu yerleşim bir zamanlamada kullanılıyor. Silmeden önce zamanlamayı değiştirin.');
      throw err;
    });
    await audit(tx, { account: ownerId, action: 'layout.delete', target: { type: 'layout', id, name: existing.name }, changes: changesOf(auditedLayout(existing), null, LAYOUT_FIELDS) });
  });
}
