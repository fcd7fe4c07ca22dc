import { createHash } from 'node:crypto';
import { DAY_MS, scheduleClockAt, zoneOrDefault, type TConfigAlert, type TConfigMedia, type TConfigScheduleEntry, type TScreenAlert, type TScreenConfig } from '@pano/contract';
import type { Db } from '../../db/client.js';
import { activeAlertsForScreens } from './screen-alerts.js';
import { mediaUrlPath } from '../media/media.presenter.js';
import { presentDisplaySettings } from '../settings/display-settings.presenter.js';
import type { BuiltScreenConfig, SharedContent, SharedContentMemo } from './screen-config-cache.js';

export const PACKAGE_EXPIRED_MESSAGE = 'Paketinizin süresi doldu. İçerik, paket yenilendiğinde yeniden gösterilecektir.';

export type ScreenConfigOptions = { publicBaseUrl: string; now: Date; memo?: SharedContentMemo };
type Shared = SharedContent['body'];
type ScreenRow = {
  id: string; name: string; ownerId: string; timezone: string; currentPlaylistId: string | null; currentTickerPlaylistId: string | null;
};

type ScheduleRow = {
  id: string; ownerId: string; name: string; playlistId: string; tickerPlaylistId: string | null; days: number[];
  startTime: string; endTime: string; startDate: Date | null; endDate: Date | null; exceptDates: Date[];
  priority: number; enabled: boolean; updatedAt: Date;
};

/**
 * What a screen's shared content depends on: its own row and the schedule entries reaching it
 * (ids with their change times, so an edited entry never meets an older build).
 */
const memoKey = (s: ScreenRow, entries: ScheduleRow[]) =>
  `${s.ownerId}|${s.timezone}|${s.currentPlaylistId ?? ''}|${s.currentTickerPlaylistId ?? ''}|${scheduleKey(entries)}`;

const scheduleKey = (entries: ScheduleRow[]) => entries.map((e) => `${e.id}@${e.updatedAt.getTime()}`).join(',');

/** A DATE column arrives as midnight UTC of that day (schedules.service.ts writes it so). */
const calendarDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The enabled entries reaching each screen, by id. An entry whose last window is over in the
 * screen's zone is left out: its window starting on `endDate` may cross midnight, so it is
 * over only from the day after the day after `endDate`. Leaving it in would be harmless
 * (resolveAt never picks it), leaving it out early would cut a running window.
 */
function entriesByScreen(
  screens: ScreenRow[], schedules: ScheduleRow[], direct: { screenId: string; scheduleId: string }[],
  members: { screenId: string; groupId: string }[], groupTargets: { groupId: string; scheduleId: string }[], now: Date,
): Map<string, ScheduleRow[]> {
  const byId = new Map(schedules.map((e) => [e.id, e]));
  const reached = new Map(screens.map((s) => [s.id, new Set<string>()]));
  for (const d of direct) reached.get(d.screenId)?.add(d.scheduleId);
  const schedulesOfGroup = new Map<string, string[]>();
  for (const g of groupTargets) schedulesOfGroup.set(g.groupId, [...(schedulesOfGroup.get(g.groupId) ?? []), g.scheduleId]);
  for (const m of members) for (const id of schedulesOfGroup.get(m.groupId) ?? []) reached.get(m.screenId)?.add(id);
  const today = new Map<string, number>();
  const todayIn = (zone: string) => {
    let day = today.get(zone);
    if (day === undefined) today.set(zone, (day = Math.floor(scheduleClockAt(zoneOrDefault(zone), now.getTime()) / DAY_MS)));
    return day;
  };
  return new Map(screens.map((s) => {
    const entries = [...reached.get(s.id)!].flatMap((id) => {
      const e = byId.get(id);
      if (!e || e.ownerId !== s.ownerId || !e.enabled) return [];
      if (e.endDate && Math.round(e.endDate.getTime() / DAY_MS) + 1 < todayIn(s.timezone)) return [];
      return [e];
    }).sort((a, b) => (a.id < b.id ? -1 : 1));
    return [s.id, entries];
  }));
}

const configEntry = (e: ScheduleRow, tickerPlaylistId: string | null): TConfigScheduleEntry => ({
  id: e.id,
  name: e.name,
  playlistId: e.playlistId,
  tickerPlaylistId,
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
 * The configs of many screens at once (HTTP config endpoint, realtime pushes). A fixed number
 * of queries whatever the screen count (Prisma adds one per included relation); each distinct
 * (owner settings + package state, time zone, playlist, ticker, schedule entries) combination
 * is built and hashed once, then shared by every screen showing it. Screens that do not exist
 * are simply absent from the map.
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
  const screenWhere = Array.isArray(which) ? { id: { in: [...new Set(which)] } } : { ownerId: which.ownerId };
  // The schedule side is read beside the screens, in the same round trip: which entries reach
  // them directly, through which groups, and the enabled entries themselves.
  const reachesScreens = Array.isArray(which)
    ? { OR: [{ screens: { some: { screenId: { in: screenWhere.id!.in } } } }, { groups: { some: { group: { members: { some: { screenId: { in: screenWhere.id!.in } } } } } } }] }
    : { ownerId: which.ownerId };
  // Asked for by id: the screens' alerts are read in the same round trip as the screens.
  const [alertsRead, screens, schedules, direct, members, groupTargets] = await Promise.all([
    Array.isArray(which) ? activeAlertsForScreens(db, screenWhere.id!.in, opts.now) : undefined,
    db.screen.findMany({
      where: screenWhere,
      select: { id: true, name: true, ownerId: true, timezone: true, currentPlaylistId: true, currentTickerPlaylistId: true },
    }),
    db.schedule.findMany({
      where: { enabled: true, ...reachesScreens },
      select: {
        id: true, ownerId: true, name: true, playlistId: true, tickerPlaylistId: true, days: true, startTime: true, endTime: true,
        startDate: true, endDate: true, exceptDates: true, priority: true, enabled: true, updatedAt: true,
      },
    }),
    db.scheduleScreen.findMany({ where: { screen: screenWhere }, select: { screenId: true, scheduleId: true } }),
    db.screenGroupMember.findMany({ where: { screen: screenWhere }, select: { screenId: true, groupId: true } }),
    db.scheduleGroup.findMany({ where: { group: { members: { some: { screen: screenWhere } } } }, select: { groupId: true, scheduleId: true } }),
  ]);
  if (screens.length === 0) return new Map();
  // Alerts are per screen and read on every build, memo or not: a remembered content never
  // hides or keeps an alert (they are not part of the shared body or its memo key).
  const base = opts.publicBaseUrl.replace(/\/+$/, '');
  const alertsByScreen = configAlerts(alertsRead ?? await activeAlertsForScreens(db, screens.map((s) => s.id), opts.now), base);
  const entriesOf = entriesByScreen(screens, schedules, direct, members, groupTargets, opts.now);
  // docs/PERFORMANCE.md (P4): a fleet reconnecting to a fresh process misses the config cache
  // screen by screen, in many small batches; when every screen of a batch points at contents
  // built before (and unchanged since), the first round of queries is the only one.
  const memo = opts.memo;
  const known = memo && screens.map((s) => memo.get(memoKey(s, entriesOf.get(s.id)!)));
  if (known?.every((c) => c !== undefined)) return assemble(screens, alertsByScreen, (_, i) => known[i]!);
  const ownerIds = [...new Set(screens.map((s) => s.ownerId))];
  const reachingEntries = [...new Set([...entriesOf.values()].flat())];
  const playlistIds = [...new Set([
    ...screens.flatMap((s) => (s.currentPlaylistId ? [s.currentPlaylistId] : [])),
    ...reachingEntries.map((e) => e.playlistId),
  ])];
  const tickerIds = [...new Set([
    ...screens.flatMap((s) => (s.currentTickerPlaylistId ? [s.currentTickerPlaylistId] : [])),
    ...reachingEntries.flatMap((e) => (e.tickerPlaylistId ? [e.tickerPlaylistId] : [])),
  ])];

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

  const shared = new Map<string, SharedContent>();
  return assemble(screens, alertsByScreen, (s) => {
    const owner = ownerById.get(s.ownerId);
    // Admins have no package and are never cut off (docs/architecture/purchases.md#packages).
    const running = owner?.role === 'admin' || activeOwners.has(s.ownerId);
    // Ownership is checked on assignment; re-checked here so a config never leaks across owners.
    const playlist = running ? playlistById.get(s.currentPlaylistId ?? '') : undefined;
    const ticker = running ? tickerById.get(s.currentTickerPlaylistId ?? '') : undefined;
    const pl = playlist?.ownerId === s.ownerId ? playlist : undefined;
    const tk = ticker?.ownerId === s.ownerId ? ticker : undefined;
    const ownPlaylist = (id: string) => playlistById.get(id)?.ownerId === s.ownerId;
    const ownTicker = (id: string) => tickerById.get(id)?.ownerId === s.ownerId;

    // An entry shows only its owner's playlist (and ticker); a package that ended shows none.
    const entries = running ? entriesOf.get(s.id)!.filter((e) => ownPlaylist(e.playlistId)) : [];

    const key = `${s.ownerId}|${running}|${s.timezone}|${pl?.id ?? ''}|${tk?.id ?? ''}|${scheduleKey(entries)}`;
    let entry = shared.get(key);
    if (!entry) {
      const scheduled = entries.map((e) => configEntry(e, e.tickerPlaylistId && ownTicker(e.tickerPlaylistId) ? e.tickerPlaylistId : null));
      const playlistsUsed = [...new Set(scheduled.map((e) => e.playlistId))].sort().map((id) => playlistById.get(id)!);
      const tickersUsed = [...new Set(scheduled.flatMap((e) => (e.tickerPlaylistId ? [e.tickerPlaylistId] : [])))].sort()
        .map((id) => tickerById.get(id)!);
      const body: Shared = {
        playlist: pl ? configPlaylist(pl, base) : null,
        directionPlaylist: tk ? configTicker(tk) : null,
        // Every playlist and ticker an entry may show, in full: a player switches offline.
        schedule: {
          timezone: s.timezone,
          entries: scheduled,
          playlists: playlistsUsed.map((p) => configPlaylist(p, base)),
          tickers: tickersUsed.map(configTicker),
        },
        displaySettings: presentDisplaySettings(settingsByOwner.get(s.ownerId) ?? null),
        notice: running ? null : { kind: 'package-expired', message: PACKAGE_EXPIRED_MESSAGE },
      };
      const json = JSON.stringify(body);
      entry = { body, json, hash: sha(json) };
      shared.set(key, entry);
    }
    memo?.set(memoKey(s, entriesOf.get(s.id)!), entry);
    return entry;
  });
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

type PlaylistCols = { id: string; name: string; items: { duration: number; media: MediaCols }[] };
type TickerCols = { id: string; name: string; speed: number; texts: { text: string }[] };

const configPlaylist = (p: PlaylistCols, base: string) => ({
  _id: p.id,
  name: p.name,
  mediaItems: p.items.map((i) => ({ media: configMedia(i.media, base), duration: i.duration })),
});

const configTicker = (t: TickerCols) => ({ _id: t.id, name: t.name, speed: t.speed, directions: t.texts.map((x) => ({ text: x.text })) });

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

