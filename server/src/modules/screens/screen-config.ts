import { createHash } from 'node:crypto';
import type { TConfigMedia, TScreenConfig } from '@pano/contract';
import type { Db } from '../../db/client.js';
import { mediaUrlPath } from '../media/media.presenter.js';
import { presentDisplaySettings } from '../settings/display-settings.presenter.js';
import type { BuiltScreenConfig, SharedContent, SharedContentMemo } from './screen-config-cache.js';

export const PACKAGE_EXPIRED_MESSAGE = 'Paketinizin süresi doldu. İçerik, paket yenilendiğinde yeniden gösterilecektir.';

export type ScreenConfigOptions = { publicBaseUrl: string; now: Date; memo?: SharedContentMemo };
type Shared = SharedContent['body'];
type ScreenRow = {
  id: string; name: string; ownerId: string; timezone: string; currentPlaylistId: string | null; currentTickerPlaylistId: string | null;
};

/** What a screen's shared content depends on, as far as its own row tells. */
const memoKey = (s: ScreenRow) => `${s.ownerId}|${s.timezone}|${s.currentPlaylistId ?? ''}|${s.currentTickerPlaylistId ?? ''}`;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The configs of many screens at once (HTTP config endpoint, realtime pushes). A fixed number
 * of queries whatever the screen count (Prisma adds one per included relation); each distinct (owner settings + package state, playlist, ticker)
 * combination is built and hashed once, then shared by every screen showing it. Screens
 * that do not exist are simply absent from the map.
 */
export async function buildScreenConfigs(db: Db, screenIds: string[], opts: ScreenConfigOptions): Promise<Map<string, TScreenConfig>> {
  const built = await buildScreenConfigEntries(db, screenIds, opts);
  return new Map([...built].map(([id, b]) => [id, b.config]));
}

/**
 * buildScreenConfigs plus what the config cache keeps: the owner and the shared body's JSON.
 * `{ ownerId }` builds every screen of that customer without a separate lookup of their ids.
 */
export async function buildScreenConfigEntries(
  db: Db, which: string[] | { ownerId: string }, opts: ScreenConfigOptions,
): Promise<Map<string, BuiltScreenConfig>> {
  const screens = await db.screen.findMany({
    where: Array.isArray(which) ? { id: { in: [...new Set(which)] } } : { ownerId: which.ownerId },
    select: { id: true, name: true, ownerId: true, timezone: true, currentPlaylistId: true, currentTickerPlaylistId: true },
  });
  if (screens.length === 0) return new Map();
  // docs/PERFORMANCE.md (P4): a fleet reconnecting to a fresh process misses the config cache
  // screen by screen, in many small batches; when every screen of a batch points at contents
  // built before (and unchanged since), the screens query is the only one.
  const memo = opts.memo;
  const known = memo && screens.map((s) => memo.get(memoKey(s)));
  if (known?.every((c) => c !== undefined)) return assemble(screens, (_, i) => known[i]!);
  const ownerIds = [...new Set(screens.map((s) => s.ownerId))];
  const playlistIds = [...new Set(screens.flatMap((s) => (s.currentPlaylistId ? [s.currentPlaylistId] : [])))];
  const tickerIds = [...new Set(screens.flatMap((s) => (s.currentTickerPlaylistId ? [s.currentTickerPlaylistId] : [])))];

  // One flat round of queries after the screens: Prisma loads each nested relation with a query
  // of its own, one after the other, so relations are read from their own tables in parallel
  // instead (only media still follows its items). Empty lists skip their query. Each round trip
  // comes before a push goes out (docs/PERFORMANCE.md, P1).
  const none = Promise.resolve([]);
  const [owners, settings, active, playlists, items, tickers, texts] = await Promise.all([
    db.user.findMany({ where: { id: { in: ownerIds } }, select: { id: true, role: true } }),
    db.displaySettings.findMany({ where: { ownerId: { in: ownerIds } } }),
    db.purchase.findMany({
      where: { userId: { in: ownerIds }, status: 'completed', expiresAt: { gt: opts.now } },
      select: { userId: true }, distinct: ['userId'],
    }),
    playlistIds.length === 0 ? none : db.playlist.findMany({ where: { id: { in: playlistIds } }, select: { id: true, name: true, ownerId: true } }),
    playlistIds.length === 0 ? none : db.playlistItem.findMany({
      where: { playlistId: { in: playlistIds } },
      orderBy: { position: 'asc' },
      select: { playlistId: true, duration: true, media: { select: { id: true, name: true, fileName: true, kind: true, mime: true } } },
    }),
    tickerIds.length === 0 ? none : db.tickerPlaylist.findMany({
      where: { id: { in: tickerIds } }, select: { id: true, name: true, speed: true, ownerId: true },
    }),
    tickerIds.length === 0 ? none : db.tickerText.findMany({
      where: { playlistId: { in: tickerIds } }, orderBy: { position: 'asc' }, select: { playlistId: true, text: true },
    }),
  ]);

  const ownerById = new Map(owners.map((o) => [o.id, o]));
  const settingsByOwner = new Map(settings.map((d) => [d.ownerId, d]));
  const activeOwners = new Set(active.map((p) => p.userId));
  const itemsOf = groupBy(items, (i) => i.playlistId);
  const textsOf = groupBy(texts, (x) => x.playlistId);
  const playlistById = new Map(playlists.map((p) => [p.id, { ...p, items: itemsOf.get(p.id) ?? [] }]));
  const tickerById = new Map(tickers.map((d) => [d.id, { ...d, texts: textsOf.get(d.id) ?? [] }]));
  const base = opts.publicBaseUrl.replace(/\/+$/, '');

  const shared = new Map<string, SharedContent>();
  return assemble(screens, (s) => {
    const owner = ownerById.get(s.ownerId);
    // Admins have no package and are never cut off (docs/ARCHITECTURE.md#packages).
    const running = owner?.role === 'admin' || activeOwners.has(s.ownerId);
    // Ownership is checked on assignment; re-checked here so a config never leaks across owners.
    const playlist = running ? playlistById.get(s.currentPlaylistId ?? '') : undefined;
    const ticker = running ? tickerById.get(s.currentTickerPlaylistId ?? '') : undefined;
    const pl = playlist?.ownerId === s.ownerId ? playlist : undefined;
    const tk = ticker?.ownerId === s.ownerId ? ticker : undefined;

    const key = `${s.ownerId}|${running}|${s.timezone}|${pl?.id ?? ''}|${tk?.id ?? ''}`;
    let entry = shared.get(key);
    if (!entry) {
      const body: Shared = {
        playlist: pl ? {
          _id: pl.id,
          name: pl.name,
          mediaItems: pl.items.map((i) => ({ media: configMedia(i.media, base), duration: i.duration })),
        } : null,
        directionPlaylist: tk ? { _id: tk.id, name: tk.name, speed: tk.speed, directions: tk.texts.map((x) => ({ text: x.text })) } : null,
        // Schedule entries are not carried yet: the screen follows its own assignment.
        schedule: { timezone: s.timezone, entries: [], playlists: [], tickers: [] },
        displaySettings: presentDisplaySettings(settingsByOwner.get(s.ownerId) ?? null),
        notice: running ? null : { kind: 'package-expired', message: PACKAGE_EXPIRED_MESSAGE },
      };
      const json = JSON.stringify(body);
      entry = { body, json, hash: sha(json) };
      shared.set(key, entry);
    }
    memo?.set(memoKey(s), entry);
    return entry;
  });
}

/** Each screen's config: its own fields, then the shared content it shows. */
function assemble(screens: ScreenRow[], contentOf: (s: ScreenRow, index: number) => SharedContent): Map<string, BuiltScreenConfig> {
  const result = new Map<string, BuiltScreenConfig>();
  screens.forEach((s, i) => {
    const entry = contentOf(s, i);
    // The per-screen part is tiny, so hashing it on top of the shared hash stays cheap.
    const version = sha(`${entry.hash}|${s.id}|${s.name}`).slice(0, 16);
    const config: TScreenConfig = { screenId: s.id, screenName: s.name, version, ...entry.body };
    result.set(s.id, { config, ownerId: s.ownerId, bodyJson: entry.json });
  });
  return result;
}

/** Rows grouped by key, each group in the rows' order (here: position). */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

type MediaCols = { id: string; name: string; fileName: string; kind: 'image' | 'video'; mime: string };

function configMedia(m: MediaCols, base: string): TConfigMedia {
  const filePath = mediaUrlPath(m.fileName);
  return {
    _id: m.id,
    name: m.name,
    mediaType: m.kind === 'video' ? 'Video' : 'Resim',
    type: m.kind,
    filePath,
    url: `${base}${filePath}`,
    mimeType: m.mime,
  };
}

