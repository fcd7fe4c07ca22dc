import { z } from 'zod';
import { ErrorCode, type ZCreatePlaylistRequest, type ZUpdatePlaylistRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockOwnedRow, type InEditHook } from '../../db/row-lock.js';
import type { Media, Prisma } from '../../db/generated/client.js';
import { conflict, notFound } from '../../http/errors.js';
import type { ActivePurchase } from '../entitlements/active-package.js';
import { assertPlaylistSlot, lockOwner } from '../entitlements/limits.js';
import { screensOfSchedules } from '../schedules/schedule-targets.js';
import { allOwned } from '../../db/ownership.js';
import { screensThroughLayouts } from '../layouts/layout-screens.js';
import { audit, changesOf } from '../audit/audit.js';

export type PlaylistRow = {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  items: { duration: number; media: Media }[];
};

type Tx = Prisma.TransactionClient;
type Items = z.output<typeof ZCreatePlaylistRequest>['mediaItems'];

/** What an event records of a playlist: its name and its items (media id and seconds). */
const PLAYLIST_FIELDS = ['name', 'items'] as const;
export const auditedPlaylist = (p: PlaylistRow) => ({ name: p.name, items: p.items.map((i) => `${i.media.name} (${i.duration} sn)`) });

export const withItems = { items: { orderBy: { position: 'asc' }, include: { media: true } } } as const;

export async function listPlaylists(db: Db, ownerId: string): Promise<PlaylistRow[]> {
  return db.playlist.findMany({ where: { ownerId }, orderBy: { createdAt: 'asc' }, include: withItems });
}

/** Every referenced media must be the owner's own: another customer's id reads as missing. */
export async function assertOwnMedia(tx: Tx, ownerId: string, items: Items): Promise<void> {
  if (!(await allOwned(tx, 'media', ownerId, items.map((i) => i.media)))) throw notFound('Medya');
  const notReady = await tx.media.findFirst({ where: { id: { in: items.map((i) => i.media) }, status: { not: 'ready' } }, select: { name: true, status: true } });
  if (notReady) throw mediaNotReady(notReady.name, notReady.status);
}

/** docs/PRODUCT.md#media-processing: a file still processing, or failed, never goes into a playlist. */
const mediaNotReady = (name: string, status: string) => conflict(status === 'failed'
  ? `"${name}" işlenemediği için listeye eklenemez.`
  : `"${name}" henüz işleniyor; işlenmesi bitince listeye ekleyebilirsiniz.`, ErrorCode.MEDIA_NOT_READY);

const itemRows = (playlistId: string, items: Items) =>
  items.map((i, position) => ({ playlistId, mediaId: i.media, duration: i.duration, position }));

export async function createPlaylist(
  ctx: AppContext, ownerId: string, purchase: ActivePurchase | undefined, body: z.output<typeof ZCreatePlaylistRequest>,
): Promise<PlaylistRow> {
  return ctx.db.$transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    await assertPlaylistSlot(tx, ownerId, purchase);
    await assertOwnMedia(tx, ownerId, body.mediaItems);
    const p = await tx.playlist.create({ data: { ownerId, name: body.name } });
    await tx.playlistItem.createMany({ data: itemRows(p.id, body.mediaItems) });
    const row = await tx.playlist.findUniqueOrThrow({ where: { id: p.id }, include: withItems });
    await audit(tx, { account: ownerId, action: 'playlist.create', target: { type: 'playlist', id: row.id, name: row.name }, changes: changesOf(null, auditedPlaylist(row), PLAYLIST_FIELDS) });
    return row;
  });
}

/** Screens it is assigned to, screens that schedules playing it reach, and screens showing it in a layout's zone. */
const screensShowing = async (db: DbOrTx, playlistId: string) => [...new Set([
  ...(await db.screen.findMany({ where: { currentPlaylistId: playlistId }, select: { id: true } })).map((s) => s.id),
  ...(await screensOfSchedules(db, { playlistId })),
  ...(await screensThroughLayouts(db, { zones: { some: { playlistId } } })),
])];

/** Replaces the items in the given order; positions are unique, so old rows go first, under the row's lock. */
export async function updatePlaylist(
  ctx: AppContext, ownerId: string, id: string, body: z.output<typeof ZUpdatePlaylistRequest>,
  alsoInEdit?: InEditHook<PlaylistRow>,
): Promise<PlaylistRow> {
  const updated = await ctx.db.$transaction(async (tx) => {
    if (!(await lockOwnedRow(tx, 'playlists', id, ownerId))) throw notFound('Playlist');
    await assertOwnMedia(tx, ownerId, body.mediaItems);
    const before = await tx.playlist.findUniqueOrThrow({ where: { id }, include: withItems });
    await tx.playlistItem.deleteMany({ where: { playlistId: id } });
    await tx.playlistItem.createMany({ data: itemRows(id, body.mediaItems) });
    // Always touch the row so updatedAt moves even when only items changed.
    const after = await tx.playlist.update({ where: { id }, data: { name: body.name, updatedAt: ctx.clock() }, include: withItems });
    await audit(tx, { account: ownerId, action: 'playlist.update', target: { type: 'playlist', id, name: after.name }, changes: changesOf(auditedPlaylist(before), auditedPlaylist(after), PLAYLIST_FIELDS) });
    await alsoInEdit?.(tx, before);
    return after;
  });
  await ctx.notifier.screensChanged(await screensShowing(ctx.db, id));
  return updated;
}

/** The screens a playlist is assigned to: deleting it leaves them without content. */
export async function playlistUsage(db: Db, ownerId: string, id: string) {
  if (!(await db.playlist.findFirst({ where: { id, ownerId }, select: { id: true } }))) throw notFound('Playlist');
  return db.screen.findMany({
    where: { ownerId, currentPlaylistId: id }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

export async function deletePlaylist(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const screenIds = await ctx.db.$transaction(async (tx) => {
    const existing = await tx.playlist.findFirst({ where: { id, ownerId }, include: withItems });
    if (!existing) throw notFound('Playlist');
    // Read before deleting: the FK sets currentPlaylistId (and zones' playlist) to NULL and deletes the schedules playing it.
    const showing = await screensShowing(tx, id);
    await tx.playlist.delete({ where: { id } });
    await audit(tx, { account: ownerId, action: 'playlist.delete', target: { type: 'playlist', id, name: existing.name }, changes: changesOf(auditedPlaylist(existing), null, PLAYLIST_FIELDS) });
    return showing;
  });
  await ctx.notifier.screensChanged(screenIds);
}
