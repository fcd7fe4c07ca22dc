import { createHash } from 'node:crypto';
import {
  ZUpdateLayoutRequest, ZUpdateMediaRequest, ZUpdatePlaylistRequest, ZUpdateTickerRequest, type TApprovalTarget,
} from '@pano/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import { lockOwnedRow } from '../../db/row-lock.js';
import { badRequest, notFound } from '../../http/errors.js';
import { assertOwnMedia, auditedPlaylist, updatePlaylist, withItems } from '../playlists/playlists.service.js';
import { auditedTicker, updateTickerPlaylist, withTexts } from '../tickers/tickers.service.js';
import { assertOwnContent, auditedLayout, updateLayout } from '../layouts/layouts.service.js';
import { updateMedia } from '../media/media.service.js';
import { screensShowingMedia } from '../media/media-screens.js';
import { screensOfSchedules } from '../schedules/schedule-targets.js';
import { screensThroughLayouts } from '../layouts/layout-screens.js';

/*
 * What each kind of content needs for the approval flow (docs/architecture/approval.md): whether
 * it is in use, what it is now (in the audit log's words, and as a version to compare at
 * approval), what the requested change would make of it, which screens it reaches, and how the
 * change is applied: through the same service function a publisher's edit uses.
 */

type Tx = Prisma.TransactionClient;
type Described = Record<string, unknown>;
/** Inside the edit's transaction, after its event, with the row as it was. */
export type AlsoInEdit = (tx: Tx, version: string) => Promise<void>;

export type TargetState = { name: string; before: Described; version: string };

export type ApprovalTargetKind = {
  /** The audit action of the edit, e.g. 'playlist.update'. */
  action: string;
  parse: (payload: unknown) => unknown;
  /** Locks the row and reads it; null when it is not the account's. */
  read: (tx: Tx, ownerId: string, id: string) => Promise<TargetState | null>;
  /** Used by a screen, a schedule entry or a layout's zone (an app: shown on some screen). */
  inUse: (tx: Tx, ownerId: string, id: string, now: Date) => Promise<boolean>;
  /** Refuses what the edit itself would refuse for its references (another's media: 404), and describes the result. */
  after: (tx: Tx, ownerId: string, state: TargetState, payload: unknown) => Promise<Described>;
  /** The screens whose content changes with it: a group-limited publisher acts only within their own. */
  screens: (db: DbOrTx, ownerId: string, id: string, now: Date) => Promise<string[]>;
  /** Applies the change through the edit's own service function. */
  apply: (ctx: AppContext, ownerId: string, id: string, payload: unknown, alsoInEdit: AlsoInEdit) => Promise<void>;
};

const iso = (d: Date) => d.toISOString();
const any = async (...counts: Promise<number>[]) => (await Promise.all(counts)).some((n) => n > 0);
const namesOf = async (rows: Promise<{ id: string; name: string }[]>) => new Map((await rows).map((r) => [r.id, r.name]));

export type PlaylistBody = z.output<typeof ZUpdatePlaylistRequest>;
export type TickerBody = z.output<typeof ZUpdateTickerRequest>;
export type LayoutBody = z.output<typeof ZUpdateLayoutRequest>;
export type MediaBody = z.output<typeof ZUpdateMediaRequest>;

const playlist: ApprovalTargetKind = {
  action: 'playlist.update',
  parse: (p) => ZUpdatePlaylistRequest.parse(p),
  read: async (tx, ownerId, id) => {
    if (!(await lockOwnedRow(tx, 'playlists', id, ownerId))) return null;
    const row = await tx.playlist.findUniqueOrThrow({ where: { id }, include: withItems });
    return { name: row.name, before: auditedPlaylist(row), version: iso(row.updatedAt) };
  },
  inUse: (tx, ownerId, id) => any(
    tx.screen.count({ where: { ownerId, currentPlaylistId: id } }),
    tx.schedule.count({ where: { ownerId, playlistId: id } }),
    tx.layoutZone.count({ where: { playlistId: id, layout: { ownerId } } }),
  ),
  after: async (tx, ownerId, _state, payload) => {
    const body = payload as PlaylistBody;
    await assertOwnMedia(tx, ownerId, body.mediaItems);
    const names = await namesOf(tx.media.findMany({ where: { ownerId, id: { in: body.mediaItems.map((i) => i.media) } }, select: { id: true, name: true } }));
    return { name: body.name, items: body.mediaItems.map((i) => `${names.get(i.media)} (${i.duration} sn)`) };
  },
  screens: async (db, ownerId, id) => [...new Set([
    ...(await db.screen.findMany({ where: { ownerId, currentPlaylistId: id }, select: { id: true } })).map((s) => s.id),
    ...(await screensOfSchedules(db, { ownerId, playlistId: id })),
    ...(await screensThroughLayouts(db, { ownerId, zones: { some: { playlistId: id } } })),
  ])],
  apply: async (ctx, ownerId, id, payload, also) => {
    await updatePlaylist(ctx, ownerId, id, payload as PlaylistBody, (tx, before) => also(tx, iso(before.updatedAt)));
  },
};

const ticker: ApprovalTargetKind = {
  action: 'ticker.update',
  parse: (p) => ZUpdateTickerRequest.parse(p),
  read: async (tx, ownerId, id) => {
    if (!(await lockOwnedRow(tx, 'direction_playlists', id, ownerId))) return null;
    const row = await tx.tickerPlaylist.findUniqueOrThrow({ where: { id }, include: withTexts });
    return { name: row.name, before: auditedTicker(row), version: iso(row.updatedAt) };
  },
  inUse: (tx, ownerId, id) => any(
    tx.screen.count({ where: { ownerId, currentTickerPlaylistId: id } }),
    tx.schedule.count({ where: { ownerId, tickerPlaylistId: id } }),
    tx.layoutZone.count({ where: { tickerPlaylistId: id, layout: { ownerId } } }),
  ),
  after: async (_tx, _ownerId, { before }, payload) => {
    const body = payload as TickerBody;
    return {
      name: body.name ?? before.name, speed: body.speed ?? before.speed,
      texts: body.directions ? body.directions.map((d) => d.text) : before.texts,
    };
  },
  screens: async (db, ownerId, id) => [...new Set([
    ...(await db.screen.findMany({ where: { ownerId, currentTickerPlaylistId: id }, select: { id: true } })).map((s) => s.id),
    ...(await screensOfSchedules(db, { ownerId, tickerPlaylistId: id })),
    ...(await screensThroughLayouts(db, { ownerId, zones: { some: { tickerPlaylistId: id } } })),
  ])],
  apply: async (ctx, ownerId, id, payload, also) => {
    await updateTickerPlaylist(ctx, ownerId, id, payload as TickerBody, (tx, before) => also(tx, iso(before.updatedAt)));
  },
};

const named = { select: { id: true, name: true } } as const;

const layout: ApprovalTargetKind = {
  action: 'layout.update',
  parse: (p) => ZUpdateLayoutRequest.parse(p),
  read: async (tx, ownerId, id) => {
    if (!(await lockOwnedRow(tx, 'layouts', id, ownerId))) return null;
    const row = await tx.layout.findUniqueOrThrow({
      where: { id }, include: { zones: { orderBy: { position: 'asc' }, include: { playlist: named, tickerPlaylist: named } } },
    });
    return { name: row.name, before: auditedLayout(row), version: iso(row.updatedAt) };
  },
  inUse: (tx, ownerId, id) => any(
    tx.screen.count({ where: { ownerId, currentLayoutId: id } }),
    tx.schedule.count({ where: { ownerId, layoutId: id } }),
  ),
  after: async (tx, ownerId, { before }, payload) => {
    const body = payload as LayoutBody;
    let zones = before.zones;
    if (body.zones) {
      await assertOwnContent(tx, ownerId, body.zones);
      const playlists = await namesOf(tx.playlist.findMany({ where: { ownerId, id: { in: body.zones.flatMap((z) => (z.playlist ? [z.playlist] : [])) } }, ...named }));
      const tickers = await namesOf(tx.tickerPlaylist.findMany({ where: { ownerId, id: { in: body.zones.flatMap((z) => (z.directionPlaylist ? [z.directionPlaylist] : [])) } }, ...named }));
      zones = body.zones.map((z) => ({
        name: z.name, x: z.x, y: z.y, width: z.width, height: z.height, z: z.z, fit: z.fit,
        playlist: z.playlist ? playlists.get(z.playlist) ?? null : null, ticker: z.directionPlaylist ? tickers.get(z.directionPlaylist) ?? null : null,
      }));
    }
    return {
      name: body.name ?? before.name, orientation: body.orientation ?? before.orientation, background: body.background ?? before.background, zones,
    };
  },
  screens: (db, ownerId, id) => screensThroughLayouts(db, { ownerId, id }),
  apply: async (ctx, ownerId, id, payload, also) => {
    await updateLayout(ctx, ownerId, id, payload as LayoutBody, (tx, before) => also(tx, iso(before.updatedAt)));
  },
};

/** Apps have no updatedAt: their version is a hash of what an edit changes (name and settings). */
const appVersion = (m: { name: string; app: unknown }) => createHash('sha256').update(JSON.stringify({ name: m.name, app: m.app })).digest('hex');

const app: ApprovalTargetKind = {
  action: 'media.update',
  parse: (p) => ZUpdateMediaRequest.parse(p),
  read: async (tx, ownerId, id) => {
    // The row lock updateMedia takes, with its wait limit (a busy row: 409, not a 5 s wait).
    if (!(await lockOwnedRow(tx, 'media', id, ownerId))) return null;
    const m = await tx.media.findUniqueOrThrow({ where: { id } });
    if (m.kind !== 'app') return null;
    return { name: m.name, before: { name: m.name, app: m.app }, version: appVersion(m) };
  },
  inUse: async (tx, ownerId, id, now) => (await screensShowingMedia(tx, ownerId, [id], now)).length > 0,
  after: async (_tx, _ownerId, { before }, payload) => {
    const body = payload as MediaBody;
    const kindBefore = (before.app as { kind?: string } | null)?.kind;
    if (body.app && body.app.kind !== kindBefore) throw badRequest('Uygulamanın türü değiştirilemez');
    return { name: body.name ?? before.name, app: body.app ?? before.app };
  },
  screens: (db, ownerId, id, now) => screensShowingMedia(db, ownerId, [id], now),
  apply: async (ctx, ownerId, id, payload, also) => {
    await updateMedia(ctx, ownerId, id, payload as MediaBody, (tx, before) => also(tx, appVersion(before)));
  },
};

export const APPROVAL_KINDS: Record<TApprovalTarget, ApprovalTargetKind> = { playlist, ticker, layout, app };

/** A request naming a target that is gone (or was never the account's). */
export const targetMissing = () => notFound('Onaya gönderilen içerik');
