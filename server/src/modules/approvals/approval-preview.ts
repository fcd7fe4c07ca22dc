import type { TApprovalTarget, TConfigLayout } from '@pano/contract';
import type { Db } from '../../db/client.js';
import type { ApprovalRequest } from '../../db/generated/client.js';
import { layoutHead, zoneRect } from '../layouts/layout-wire.js';
import { sourceOf } from '../media/media.service.js';
import { configMedia, configPlaylist, configTicker } from '../screens/screen-config.presenter.js';
import { readPlaylistsAndTickers } from '../screens/screen-config.js';
import { withTexts } from '../tickers/tickers.service.js';
import { APPROVAL_KINDS, type LayoutBody, type MediaBody, type PlaylistBody, type TickerBody } from './approval-targets.js';

/*
 * A request's result as a screen would show it (docs/architecture/approval.md#preview): the
 * content as it is now with the requested change laid over it, built as the screen config builds
 * it (only ready media, only the account's own playlists and tickers), and always as one layout
 * the dashboard's player draws. Nothing is written.
 */

/** The dashboard's preview reads files from its own origin, as the layout editor's does. */
const SAME_ORIGIN = '';
const whole = (name: string) => ({ name, x: 0, y: 0, width: 100, height: 100, z: 0, fit: 'contain' as const });
/** A ticker alone: the bar along the bottom of an empty screen. */
const bar = (name: string) => ({ name, x: 0, y: 88, width: 100, height: 12, z: 0, fit: 'cover' as const });
const screenOf = (id: string, name: string, zones: TConfigLayout['zones']): TConfigLayout =>
  ({ ...layoutHead({ id, name, orientation: 'landscape', background: '#000000' }), zones });

const mediaFields = { id: true, name: true, fileName: true, kind: true, mime: true, app: true, appData: true, sha256: true } as const;

/** The preview of the request's content, or null when the content is no longer the account's. */
export async function previewOf(db: Db, r: ApprovalRequest): Promise<TConfigLayout | null> {
  const type = r.targetType as TApprovalTarget;
  const payload = APPROVAL_KINDS[type].parse(r.payload);
  switch (type) {
    case 'playlist': return playlistPreview(db, r.accountId, r.targetId, payload as PlaylistBody);
    case 'ticker': return tickerPreview(db, r.accountId, r.targetId, payload as TickerBody);
    case 'layout': return layoutPreview(db, r.accountId, r.targetId, payload as LayoutBody);
    case 'app': return appPreview(db, r.accountId, r.targetId, payload as MediaBody);
  }
}

async function playlistPreview(db: Db, ownerId: string, id: string, body: PlaylistBody) {
  const row = await db.playlist.findFirst({ where: { id, ownerId }, select: { name: true } });
  if (!row) return null;
  const media = new Map((await db.media.findMany({
    where: { ownerId, status: 'ready', id: { in: body.mediaItems.map((i) => i.media) } }, select: mediaFields,
  })).map((m) => [m.id, m]));
  const items = body.mediaItems.flatMap((i) => { const m = media.get(i.media); return m ? [{ duration: i.duration, media: m }] : []; });
  const name = body.name ?? row.name;
  return screenOf(id, name, [{ ...whole(name), playlist: configPlaylist({ id, name, ownerId, items }, SAME_ORIGIN), directionPlaylist: null }]);
}

async function tickerPreview(db: Db, ownerId: string, id: string, body: TickerBody) {
  const row = await db.tickerPlaylist.findFirst({ where: { id, ownerId }, include: withTexts });
  if (!row) return null;
  const ticker = { ...row, name: body.name ?? row.name, speed: body.speed ?? row.speed, texts: body.directions ?? row.texts };
  return screenOf(id, ticker.name, [{ ...bar(ticker.name), playlist: null, directionPlaylist: configTicker(ticker) }]);
}

async function layoutPreview(db: Db, ownerId: string, id: string, body: LayoutBody) {
  const row = await db.layout.findFirst({ where: { id, ownerId }, include: { zones: { orderBy: { position: 'asc' } } } });
  if (!row) return null;
  const zones = body.zones?.map((z) => ({ ...z, playlistId: z.playlist, tickerPlaylistId: z.directionPlaylist })) ?? row.zones;
  const { playlistById, tickerById } = await readPlaylistsAndTickers(
    db, zones.flatMap((z) => (z.playlistId ? [z.playlistId] : [])), zones.flatMap((z) => (z.tickerPlaylistId ? [z.tickerPlaylistId] : [])),
  );
  const own = <T extends { ownerId: string }>(r: T | undefined) => (r?.ownerId === ownerId ? r : undefined);
  return {
    ...layoutHead({ id, name: body.name ?? row.name, orientation: body.orientation ?? row.orientation, background: body.background ?? row.background }),
    zones: zones.map((z) => {
      const playlist = z.playlistId ? own(playlistById.get(z.playlistId)) : undefined;
      const ticker = z.tickerPlaylistId ? own(tickerById.get(z.tickerPlaylistId)) : undefined;
      return { ...zoneRect(z), playlist: playlist ? configPlaylist(playlist, SAME_ORIGIN) : null, directionPlaylist: ticker ? configTicker(ticker) : null };
    }),
  };
}

async function appPreview(db: Db, ownerId: string, id: string, body: MediaBody) {
  const row = await db.media.findFirst({ where: { id, ownerId, kind: 'app' }, select: mediaFields });
  if (!row) return null;
  const app = body.app ?? row.app;
  // Another feed or place: what was fetched for the old one is not shown under it (as the edit drops it).
  const appData = sourceOf(app as object | null) === sourceOf(row.app as object | null) ? row.appData : null;
  const media = configMedia({ ...row, name: body.name ?? row.name, app, appData }, SAME_ORIGIN);
  // An hour: the preview never restarts the app while it is watched.
  const playlist = { _id: id, name: media.name, mediaItems: [{ media, duration: 3600 }] };
  return screenOf(id, media.name, [{ ...whole(media.name), playlist, directionPlaylist: null }]);
}
