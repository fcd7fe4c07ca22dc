import type { z } from 'zod';
import type { ZAssignScreenRequest, ZCreateScreenRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { lockOwnedRow } from '../../db/row-lock.js';
import { notFound } from '../../http/errors.js';
import type { ActivePurchase } from '../entitlements/active-package.js';
import { assertScreenSlot, lockOwner } from '../entitlements/limits.js';
import { owns } from '../../db/ownership.js';
import { audit, changesOf } from '../audit/audit.js';

export type ScreenRow = {
  id: string;
  name: string;
  status: string;
  lastSeenAt: Date | null;
  timezone: string;
  latitude: number | null;
  longitude: number | null;
  createdAt: Date;
  groupMemberships: { group: { id: string; name: string } }[];
  currentPlaylist: { id: string; name: string } | null;
  currentTickerPlaylist: { id: string; name: string } | null;
  currentLayout: { id: string; name: string } | null;
  rotation: number;
};

const named = { select: { id: true, name: true } } as const;
export const withRefs = {
  currentPlaylist: named, currentTickerPlaylist: named, currentLayout: named, groupMemberships: { select: { group: named } },
} as const;
const screenMissing = () => notFound('Ekran');

/** What an event records of a screen: its settings and what it shows, by name. */
const SCREEN_FIELDS = ['name', 'playlist', 'ticker', 'layout', 'timezone', 'rotation', 'latitude', 'longitude'] as const;
const auditedScreen = (s: ScreenRow & { timezone?: string | null }) => ({
  name: s.name, playlist: s.currentPlaylist?.name ?? null, ticker: s.currentTickerPlaylist?.name ?? null,
  layout: s.currentLayout?.name ?? null, timezone: s.timezone ?? null, rotation: s.rotation,
  latitude: s.latitude, longitude: s.longitude,
});
const screenTarget = (s: { id: string; name: string }) => ({ type: 'screen', id: s.id, name: s.name });

export async function listScreens(db: Db, ownerId: string): Promise<ScreenRow[]> {
  return db.screen.findMany({ where: { ownerId }, orderBy: { createdAt: 'asc' }, include: withRefs });
}

/** docs/PRODUCT.md#screens: a screen is always created 'active'; the screen limit is checked under the owner lock. */
export async function createScreen(
  ctx: AppContext, ownerId: string, purchase: ActivePurchase | undefined, body: z.output<typeof ZCreateScreenRequest>,
): Promise<ScreenRow> {
  return ctx.db.$transaction(async (tx) => {
    // limits.ts takes the full client; the transaction client has the same queries.
    await lockOwner(tx, ownerId);
    await assertScreenSlot(tx, ownerId, purchase);
    const row = await tx.screen.create({
      data: { ownerId, name: body.name, status: 'active', latitude: body.latitude ?? null, longitude: body.longitude ?? null },
      include: withRefs,
    });
    await audit(tx, { account: ownerId, action: 'screen.create', target: screenTarget(row), changes: changesOf(null, auditedScreen(row), SCREEN_FIELDS) });
    return row;
  });
}

/**
 * Assigns (or clears with null) playlist, ticker or layout; referenced rows must be the owner's
 * own. A layout replaces the playlist as what the screen shows and a playlist replaces the
 * layout; the ticker stays stored but a layout's screen shows only its zones
 * (docs/PRODUCT.md#layouts).
 */
export async function updateScreen(
  ctx: AppContext, ownerId: string, id: string, body: z.output<typeof ZAssignScreenRequest>,
): Promise<ScreenRow> {
  const { name, currentPlaylist, currentDirectionPlaylist: tickerId, currentLayout, timezone, rotation, latitude, longitude } = body;
  const [screen, playlist, ticker] = await Promise.all([
    ctx.db.screen.findFirst({ where: { id, ownerId }, select: { id: true } }),
    currentPlaylist ? owns(ctx.db, 'playlist', ownerId, currentPlaylist) : true,
    tickerId ? owns(ctx.db, 'tickerPlaylist', ownerId, tickerId) : true,
  ]);
  if (!screen) throw screenMissing();
  if (currentPlaylist && !playlist) throw notFound('Playlist');
  if (tickerId && !ticker) throw notFound('Reji playlisti');
  const shows = currentLayout
    ? { currentLayoutId: currentLayout, currentPlaylistId: null }
    : { currentLayoutId: currentLayout === null || currentPlaylist ? null : undefined, currentPlaylistId: currentPlaylist };
  const updated = await ctx.db.$transaction(async (tx) => {
    // The layout's lock makes a delete of it wait for this assignment (layouts.service.ts deleteLayout).
    if (currentLayout && !(await lockOwnedRow(tx, 'layouts', currentLayout, ownerId))) throw notFound('Yerleşim');
    const before = await tx.screen.findUniqueOrThrow({ where: { id }, include: withRefs });
    // A playlist deleted between the check and this write fails the FK: nothing is written, 404.
    const after = await tx.screen.update({
      where: { id },
      data: { name, ...shows, currentTickerPlaylistId: tickerId, timezone, rotation, latitude, longitude },
      include: withRefs,
    });
    await audit(tx, { account: ownerId, action: 'screen.update', target: screenTarget(after), changes: changesOf(auditedScreen(before), auditedScreen(after), SCREEN_FIELDS) });
    return after;
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === 'P2003') throw notFound(currentPlaylist ? 'Playlist' : tickerId ? 'Reji playlisti' : 'Yerleşim');
    throw err;
  });
  // The location is not in the screen's config (an alert's area is matched on the server), so a
  // change of it alone leaves the players be.
  const onlyLocation = [name, currentPlaylist, tickerId, currentLayout, timezone, rotation].every((v) => v === undefined);
  if (!onlyLocation) await ctx.notifier.screensChanged([id]);
  return updated;
}

/**
 * Paired devices showing the screen (deleting it sends them back to choosing a screen), and the
 * groups and schedules naming it (deleting it takes it out of them).
 */
export async function screenUsage(db: Db, ownerId: string, id: string) {
  if (!(await db.screen.findFirst({ where: { id, ownerId }, select: { id: true } }))) throw screenMissing();
  const byName = [{ name: 'asc' }, { id: 'asc' }] as const;
  const [devices, groups, schedules] = await Promise.all([
    db.device.count({ where: { ownerId, screenId: id, revokedAt: null } }),
    db.screenGroup.findMany({ where: { ownerId, members: { some: { screenId: id } } }, select: { id: true, name: true }, orderBy: [...byName] }),
    db.schedule.findMany({ where: { ownerId, screens: { some: { screenId: id } } }, select: { id: true, name: true }, orderBy: [...byName] }),
  ]);
  return { devices, groups, schedules };
}

export async function deleteScreen(db: Db, ownerId: string, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const existing = await tx.screen.findFirst({ where: { id, ownerId }, include: withRefs });
    if (!existing) throw screenMissing();
    // Deleted meanwhile by another request: that one wrote the event.
    if ((await tx.screen.deleteMany({ where: { id, ownerId } })).count === 0) throw screenMissing();
    await audit(tx, { account: ownerId, action: 'screen.delete', target: screenTarget(existing), changes: changesOf(auditedScreen(existing), null, SCREEN_FIELDS) });
  });
}
