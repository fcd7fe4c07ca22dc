import type { TApprovalTarget } from '@pano/contract';
import type { Db } from '../../db/client.js';
import type { ApprovalRequest } from '../../db/generated/client.js';
import { sourceOf } from '../media/media.service.js';
import { CONFIG_MEDIA_FIELDS, readPlaylistsAndTickers, type ConfigContentRows, type MediaRow, type PlaylistRow, type TickerRow } from '../screens/screen-config.js';
import { withTexts } from '../tickers/tickers.service.js';
import { APPROVAL_KINDS, type LayoutBody, type MediaBody, type PlaylistBody, type TickerBody } from './approval-targets.js';

/*
 * A request's result as a screen would show it (docs/architecture/approval.md#preview): the
 * content as it is now with the requested change laid over it, read as the screen config reads
 * it (only ready media, only the account's own playlists and tickers). Nothing is written;
 * approval-preview.presenter.ts draws it as one layout.
 */

type ZoneRows = { name: string; x: number; y: number; width: number; height: number; z: number; fit: string; playlistId: string | null; tickerPlaylistId: string | null };
export type PreviewRows =
  | { type: 'playlist'; playlist: PlaylistRow }
  | { type: 'ticker'; ticker: TickerRow }
  | { type: 'layout'; layout: { id: string; name: string; orientation: string; background: string }; zones: ZoneRows[] } & Pick<ConfigContentRows, 'playlistById' | 'tickerById'>
  | { type: 'app'; media: MediaRow };

/** The rows of the request's content after the change, or null when the content is no longer the account's. */
export async function readPreview(db: Db, r: ApprovalRequest): Promise<PreviewRows | null> {
  const type = r.targetType as TApprovalTarget;
  const payload = APPROVAL_KINDS[type].parse(r.payload);
  switch (type) {
    case 'playlist': return playlistRows(db, r.accountId, r.targetId, payload as PlaylistBody);
    case 'ticker': return tickerRows(db, r.accountId, r.targetId, payload as TickerBody);
    case 'layout': return layoutRows(db, r.accountId, r.targetId, payload as LayoutBody);
    case 'app': return appRows(db, r.accountId, r.targetId, payload as MediaBody);
  }
}

async function playlistRows(db: Db, ownerId: string, id: string, body: PlaylistBody): Promise<PreviewRows | null> {
  const row = await db.playlist.findFirst({ where: { id, ownerId }, select: { name: true } });
  if (!row) return null;
  const media = new Map((await db.media.findMany({
    where: { ownerId, status: 'ready', id: { in: body.mediaItems.map((i) => i.media) } }, select: CONFIG_MEDIA_FIELDS,
  })).map((m) => [m.id, m]));
  const items = body.mediaItems.flatMap((i) => { const m = media.get(i.media); return m ? [{ duration: i.duration, media: m }] : []; });
  return { type: 'playlist', playlist: { id, name: body.name ?? row.name, ownerId, items } };
}

async function tickerRows(db: Db, ownerId: string, id: string, body: TickerBody): Promise<PreviewRows | null> {
  const row = await db.tickerPlaylist.findFirst({ where: { id, ownerId }, include: withTexts });
  if (!row) return null;
  return { type: 'ticker', ticker: { ...row, name: body.name ?? row.name, speed: body.speed ?? row.speed, texts: body.directions ?? row.texts } };
}

async function layoutRows(db: Db, ownerId: string, id: string, body: LayoutBody): Promise<PreviewRows | null> {
  const row = await db.layout.findFirst({ where: { id, ownerId }, include: { zones: { orderBy: { position: 'asc' } } } });
  if (!row) return null;
  const zones = body.zones?.map((z) => ({ ...z, playlistId: z.playlist, tickerPlaylistId: z.directionPlaylist })) ?? row.zones;
  const read = await readPlaylistsAndTickers(
    db, zones.flatMap((z) => (z.playlistId ? [z.playlistId] : [])), zones.flatMap((z) => (z.tickerPlaylistId ? [z.tickerPlaylistId] : [])),
  );
  // Another account's content reads as none, as the screen config reads it.
  const own = <T extends { ownerId: string }>(m: Map<string, T>) => new Map([...m].filter(([, v]) => v.ownerId === ownerId));
  return {
    type: 'layout',
    layout: { id, name: body.name ?? row.name, orientation: body.orientation ?? row.orientation, background: body.background ?? row.background },
    zones, playlistById: own(read.playlistById), tickerById: own(read.tickerById),
  };
}

async function appRows(db: Db, ownerId: string, id: string, body: MediaBody): Promise<PreviewRows | null> {
  const row = await db.media.findFirst({ where: { id, ownerId, kind: 'app' }, select: CONFIG_MEDIA_FIELDS });
  if (!row) return null;
  const app = body.app ?? row.app;
  // Another feed or place: what was fetched for the old one is not shown under it (as the edit drops it).
  const appData = sourceOf(app as object | null) === sourceOf(row.app as object | null) ? row.appData : null;
  return { type: 'app', media: { ...row, name: body.name ?? row.name, app, appData } };
}
