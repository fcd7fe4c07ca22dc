import { createHash } from 'node:crypto';
import type {
  TAppData, TContentPreview, TConfigAlert, TConfigLayout, TConfigLayoutScheduleEntry, TConfigMedia, TConfigScheduleEntry, TScreenAlert, TScreenConfig,
} from '@pano/contract';
import { layoutHead, zoneRect } from '../layouts/layout-wire.js';
import { appOf, filePathOf, mediaTypeOf } from '../media/media.presenter.js';
import { presentDisplaySettings } from '../settings/display-settings.presenter.js';
import type { ContentPreviewRows } from './content-preview.js';
import type { BuiltScreenConfig, SharedContent } from './screen-config-cache.js';
import {
  layoutKey, scheduleKey,
  type ConfigContentRows, type LayoutRow, type PlaylistRow, type ScheduleRow, type ScreenConfigSources, type ScreenRow, type TickerRow,
} from './screen-config.js';

/*
 * The `screen:config` event (and the config endpoint's answer) built from what screen-config.ts
 * read. It is on the push path to every player (docs/PERFORMANCE.md, P1, P4): one pass over the
 * screens, each distinct content built, serialised and hashed once.
 */

export const PACKAGE_EXPIRED_MESSAGE = 'Paketinizin süresi doldu. İçerik, paket yenilendiğinde yeniden gösterilecektir.';

type Shared = SharedContent['body'];


/** A DATE column arrives as midnight UTC of that day (schedules.service.ts writes it so). */
const calendarDay = (d: Date) => d.toISOString().slice(0, 10);

// Fields in the order configs always had them: the JSON, and so the version, of a config without layouts stays the same.
const configEntry = (e: ScheduleRow & { playlistId: string }, tickerPlaylistId: string | null): TConfigScheduleEntry => {
  const { id, name, ...rule } = entryRule(e);
  return { id, name, playlistId: e.playlistId, tickerPlaylistId, ...rule };
};

/** A layout entry: no playlist and no ticker of its own (the layout's zones carry theirs). */
const configLayoutEntry = (e: ScheduleRow & { layoutId: string }): TConfigLayoutScheduleEntry => {
  const { id, name, ...rule } = entryRule(e);
  return { id, name, playlistId: null, layoutId: e.layoutId, tickerPlaylistId: null, ...rule };
};

const entryRule = (e: ScheduleRow) => ({
  id: e.id,
  name: e.name,
  days: e.days,
  startTime: e.startTime,
  endTime: e.endTime,
  startDate: e.startDate ? calendarDay(e.startDate) : null,
  endDate: e.endDate ? calendarDay(e.endDate) : null,
  exceptDates: e.exceptDates.map(calendarDay),
  priority: e.priority,
  enabled: e.enabled,
  updatedAt: e.updatedAt.toISOString(),
});

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Each screen's config, with the owner and the shared body's JSON the config cache keeps
 * (screen-config-cache.ts). Screens showing the same content share one built body.
 */
export function presentScreenConfigs(src: ScreenConfigSources | undefined, publicBaseUrl: string): Map<string, BuiltScreenConfig> {
  if (!src) return new Map();
  const base = publicBaseUrl.replace(/\/+$/, '');
  const alertsByScreen = configAlerts(src.alerts, base);
  const { content } = src;
  if ('known' in content) return assemble(src.screens, alertsByScreen, (_, i) => content.known[i]!);
  const shared = new Map<string, SharedContent>();
  return assemble(src.screens, alertsByScreen, (s, i) => {
    const entry = sharedContent(s, src.entriesOf.get(s.id)!, content, base, shared);
    src.memo?.to.set(src.memo.keys[i]!, entry);
    return entry;
  });
}

/**
 * The content a screen shows, built once per distinct (owner, package state, zone, playlist,
 * ticker, layout, rotation, entries).
 */
function sharedContent(s: ScreenRow, reaching: ScheduleRow[], rows: ConfigContentRows, base: string, shared: Map<string, SharedContent>): SharedContent {
  const { adminOwned, settingsByOwner, activeOwners, playlistById, tickerById, layoutById } = rows;
  // Admins have no package and are never cut off (docs/architecture/purchases.md#packages).
  const running = adminOwned.has(s.ownerId) || activeOwners.has(s.ownerId);
  // Ownership is checked on assignment; re-checked here so a config never leaks across owners.
  const layout = running ? layoutById.get(s.currentLayoutId ?? '') : undefined;
  const ly = layout?.ownerId === s.ownerId ? layout : undefined;
  // A layout replaces the playlist and the ticker bar: its zones carry their own (docs/PRODUCT.md#layouts).
  const playlist = running && !ly ? playlistById.get(s.currentPlaylistId ?? '') : undefined;
  const ticker = running && !ly ? tickerById.get(s.currentTickerPlaylistId ?? '') : undefined;
  const pl = playlist?.ownerId === s.ownerId ? playlist : undefined;
  const tk = ticker?.ownerId === s.ownerId ? ticker : undefined;
  const ownPlaylist = (id: string) => playlistById.get(id)?.ownerId === s.ownerId;
  const ownTicker = (id: string) => tickerById.get(id)?.ownerId === s.ownerId;
  const ownLayout = (id: string) => layoutById.get(id)?.ownerId === s.ownerId;

  // An entry shows only its owner's playlist (and ticker) or layout; a package that ended shows none.
  const entries = running
    ? reaching.filter((e) => (e.playlistId ? ownPlaylist(e.playlistId) : e.layoutId ? ownLayout(e.layoutId) : false))
    : [];

  const changedAt = (id: string) => layoutById.get(id)?.updatedAt.getTime();
  const key = `${s.ownerId}|${running}|${s.timezone}|${pl?.id ?? ''}|${tk?.id ?? ''}|${layoutKey(ly?.id ?? null, changedAt)}|${s.rotation}`
    + `|${scheduleKey(entries, changedAt)}`;
  let entry = shared.get(key);
  if (!entry) {
    const scheduled = entries.flatMap((e) => (e.playlistId
      ? [configEntry({ ...e, playlistId: e.playlistId }, e.tickerPlaylistId && ownTicker(e.tickerPlaylistId) ? e.tickerPlaylistId : null)]
      : []));
    const layoutEntries = entries.flatMap((e) => (e.layoutId ? [configLayoutEntry({ ...e, layoutId: e.layoutId })] : []));
    const layoutsUsed = [...new Set(layoutEntries.map((e) => e.layoutId))].sort().map((id) => layoutById.get(id)!);
    const playlistsUsed = [...new Set(scheduled.map((e) => e.playlistId))].sort().map((id) => playlistById.get(id)!);
    const tickersUsed = [...new Set(scheduled.flatMap((e) => (e.tickerPlaylistId ? [e.tickerPlaylistId] : [])))].sort()
      .map((id) => tickerById.get(id)!);
    const body: Shared = {
      playlist: pl ? configPlaylist(pl, base) : null,
      directionPlaylist: tk ? configTicker(tk) : null,
      layout: ly ? configLayout(ly, base, ownPlaylist, ownTicker, playlistById, tickerById) : null,
      rotation: s.rotation as NonNullable<TScreenConfig['rotation']>,
      // Every playlist and ticker an entry may show, in full: a player switches offline.
      schedule: {
        timezone: s.timezone,
        entries: scheduled,
        playlists: playlistsUsed.map((p) => configPlaylist(p, base)),
        tickers: tickersUsed.map(configTicker),
        // Only when some entry shows a layout: the configs of every other screen stay as they were.
        ...(layoutEntries.length > 0 ? {
          layoutEntries,
          layouts: layoutsUsed.map((l) => configLayout(l, base, ownPlaylist, ownTicker, playlistById, tickerById)),
        } : {}),
      },
      displaySettings: presentDisplaySettings(settingsByOwner.get(s.ownerId) ?? null),
      notice: running ? null : { kind: 'package-expired', message: PACKAGE_EXPIRED_MESSAGE },
    };
    const json = JSON.stringify(body);
    entry = { body, json, hash: sha(json) };
    shared.set(key, entry);
  }
  return entry;
}

/** Each screen's config: its own fields, then the shared content it shows. */
function assemble(
  screens: ScreenRow[], alertsOf: Map<string, TConfigAlert[]>, contentOf: (s: ScreenRow, index: number) => SharedContent,
): Map<string, BuiltScreenConfig> {
  const result = new Map<string, BuiltScreenConfig>();
  screens.forEach((s, i) => {
    const entry = contentOf(s, i);
    const alerts = alertsOf.get(s.id) ?? [];
    // The per-screen part is tiny, so hashing it on top of the shared hash stays cheap; an
    // alert starting or ending changes the version like any content change.
    const alertsPart = alerts.length === 0 ? '' : `|${JSON.stringify(alerts)}`;
    const version = sha(`${entry.hash}|${s.id}|${s.name}${alertsPart}`).slice(0, 16);
    const config: TScreenConfig = { screenId: s.id, screenName: s.name, version, alerts, ...entry.body };
    result.set(s.id, { config, ownerId: s.ownerId, bodyJson: entry.json });
  });
  return result;
}

/**
 * Active alerts as a player shows them. Not cut by the package state: an emergency notice is
 * a safety matter, shown even on a screen whose content stopped (docs/architecture/alerts.md#alerts).
 */
function configAlerts(byScreen: Map<string, TScreenAlert[]>, base: string): Map<string, TConfigAlert[]> {
  const converted = new Map<string, TConfigAlert>();
  const out = new Map<string, TConfigAlert[]>();
  for (const [screenId, list] of byScreen) {
    out.set(screenId, list.map((a) => {
      let c = converted.get(a._id);
      if (!c) {
        const { mediaPath, ...rest } = a;
        c = { ...rest, imageUrl: mediaPath ? `${base}${mediaPath}` : null };
        converted.set(a._id, c);
      }
      return c;
    }));
  }
  return out;
}

export const configPlaylist = (p: PlaylistRow, base: string) => ({
  _id: p.id,
  name: p.name,
  mediaItems: p.items.map((i) => ({ media: configMedia(i.media, base), duration: i.duration })),
});

/** Zones in position order, each with its own playlist or ticker resolved (another owner's reads as none). */
function configLayout(
  l: LayoutRow, base: string, ownPlaylist: (id: string) => boolean, ownTicker: (id: string) => boolean,
  playlistById: Map<string, PlaylistRow>, tickerById: Map<string, TickerRow>,
): TConfigLayout {
  return {
    ...layoutHead(l),
    zones: l.zones.map((z) => ({
      ...zoneRect(z),
      playlist: z.playlistId && ownPlaylist(z.playlistId) ? configPlaylist(playlistById.get(z.playlistId)!, base) : null,
      directionPlaylist: z.tickerPlaylistId && ownTicker(z.tickerPlaylistId) ? configTicker(tickerById.get(z.tickerPlaylistId)!) : null,
    })),
  };
}

export const configTicker = (t: TickerRow) => ({ _id: t.id, name: t.name, speed: t.speed, directions: t.texts.map((x) => ({ text: x.text })) });

export function configMedia(m: PlaylistRow['items'][number]['media'], base: string): TConfigMedia {
  const filePath = filePathOf(m);
  return {
    _id: m.id,
    name: m.name,
    mediaType: mediaTypeOf(m.kind),
    type: m.kind,
    filePath,
    url: filePath ? `${base}${filePath}` : '',
    mimeType: m.mime,
    ...appOf(m),
    ...(m.kind === 'app' ? { appData: (m.appData as TAppData | null) ?? null } : {}),
    // Issue #24 item 6: what the player checks a file against before it caches it; absent when unknown.
    ...(m.sha256 ? { sha256: m.sha256 } : {}),
  };
}


/** The layout editor's live preview: what it names, as a screen's config carries it (docs/PRODUCT.md#layouts-api). */
export const presentContentPreview = (rows: ContentPreviewRows): TContentPreview => ({
  playlists: rows.playlists.map((p) => configPlaylist(p, '')),
  tickers: rows.tickers.map(configTicker),
  displaySettings: presentDisplaySettings(rows.settings),
});
