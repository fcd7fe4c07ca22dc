import { DAY_MS, scheduleClockAt, zoneOrDefault, type TScreenAlert } from '@pano/contract';
import type { Db } from '../../db/client.js';
import type { DisplaySettings, MediaKind } from '../../db/generated/client.js';
import { activeAlertsForScreens } from './screen-alerts.js';
import type { SharedContent, SharedContentMemo } from './screen-config-cache.js';

/*
 * What screens' configs are built from (docs/architecture/realtime.md): read here in a fixed
 * number of queries, built into the `screen:config` event by screen-config.presenter.ts
 * (`presentScreenConfigs`).
 */

export type ScreenConfigReadOptions = { now: Date; memo?: SharedContentMemo };

export type ScreenRow = {
  id: string; name: string; ownerId: string; timezone: string; currentPlaylistId: string | null; currentTickerPlaylistId: string | null;
  currentLayoutId: string | null; rotation: number;
};

export type ScheduleRow = {
  id: string; ownerId: string; name: string; playlistId: string | null; layoutId: string | null; tickerPlaylistId: string | null; days: number[];
  startTime: string; endTime: string; startDate: Date | null; endDate: Date | null; exceptDates: Date[];
  priority: number; enabled: boolean; updatedAt: Date;
};

/** The media columns a config item is built from (`configMedia`), wherever media are read for a player. */
export const CONFIG_MEDIA_FIELDS = { id: true, name: true, fileName: true, kind: true, mime: true, app: true, appData: true, sha256: true } as const;
export type MediaRow = { id: string; name: string; fileName: string | null; kind: MediaKind; mime: string; app: unknown; appData: unknown; sha256: string | null };
export type PlaylistRow = { id: string; name: string; ownerId: string; items: { duration: number; media: MediaRow }[] };
export type TickerRow = { id: string; name: string; speed: number; ownerId: string; texts: { text: string }[] };
type ZoneRow = {
  layoutId: string; name: string; x: number; y: number; width: number; height: number; z: number; fit: string;
  playlistId: string | null; tickerPlaylistId: string | null;
};
export type LayoutRow = {
  id: string; name: string; ownerId: string; orientation: string; background: string; updatedAt: Date; zones: ZoneRow[];
};

/** What the screens' contents are built from: owners, their package state and settings, playlists and tickers. */
export type ConfigContentRows = {
  /** Accounts owned by a platform admin: they need no package (docs/architecture/purchases.md#packages). */
  adminOwned: Set<string>;
  settingsByOwner: Map<string, DisplaySettings>;
  activeOwners: Set<string>;
  playlistById: Map<string, PlaylistRow>;
  tickerById: Map<string, TickerRow>;
  /** The screens' current layouts and those their schedule entries show, with their zones in position order. */
  layoutById: Map<string, LayoutRow>;
};

export type ScreenConfigSources = {
  screens: ScreenRow[];
  /** Active alerts per screen (screen-alerts.ts); screens with none are absent. */
  alerts: Map<string, TScreenAlert[]>;
  /** The enabled schedule entries reaching each screen. */
  entriesOf: Map<string, ScheduleRow[]>;
  /** Every screen's content already built (by the memo, in the order of `screens`), or the rows to build it from. */
  content: { known: SharedContent[] } | ConfigContentRows;
  /** Where built contents are remembered, under each screen's key (in the order of `screens`). */
  memo?: { to: SharedContentMemo; keys: string[] };
};

/**
 * What a screen's shared content depends on: its own row, its layout and the schedule entries
 * reaching it with the layouts they show (ids with their change times, so an edited entry or
 * layout never meets an older build).
 */
const memoKey = (s: ScreenRow, entries: ScheduleRow[], layoutChanged: Map<string, number>) => {
  const changedAt = (id: string) => layoutChanged.get(id);
  return `${s.ownerId}|${s.timezone}|${s.currentPlaylistId ?? ''}|${s.currentTickerPlaylistId ?? ''}|${layoutKey(s.currentLayoutId, changedAt)}|${s.rotation}`
    + `|${scheduleKey(entries, changedAt)}`;
};

/** A layout with its change time, so an edited layout never meets an older build; '' for none. */
export const layoutKey = (id: string | null, changedAt: (layoutId: string) => number | undefined) => (id ? `${id}@${changedAt(id) ?? ''}` : '');

/** The entries with their change times, and for a layout entry its layout's (an edited layout rebuilds). */
export const scheduleKey = (entries: ScheduleRow[], changedAt: (layoutId: string) => number | undefined) =>
  entries.map((e) => `${e.id}@${e.updatedAt.getTime()}${e.layoutId ? `:${layoutKey(e.layoutId, changedAt)}` : ''}`).join(',');


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

/**
 * What the configs of many screens are built from (HTTP config endpoint, realtime pushes). A
 * fixed number of queries whatever the screen count (Prisma adds one per included relation).
 * `{ ownerId }` reads every screen of that customer without a separate lookup of their ids.
 * Screens that do not exist are simply absent.
 */
export async function readScreenConfigSources(
  db: Db, which: string[] | { ownerId: string }, opts: ScreenConfigReadOptions,
): Promise<ScreenConfigSources | undefined> {
  const screenWhere = Array.isArray(which) ? { id: { in: [...new Set(which)] } } : { ownerId: which.ownerId };
  // The schedule side is read beside the screens, in the same round trip: which entries reach
  // them directly, through which groups, and the enabled entries themselves.
  const reachesScreens = Array.isArray(which)
    ? { OR: [{ screens: { some: { screenId: { in: screenWhere.id!.in } } } }, { groups: { some: { group: { members: { some: { screenId: { in: screenWhere.id!.in } } } } } } }] }
    : { ownerId: which.ownerId };
  // Asked for by id: the screens' alerts are read in the same round trip as the screens.
  // The screens' layouts and those their entries show, with their zones, come in the same round:
  // they decide which playlists follow.
  const showsLayout = { OR: [{ screens: { some: screenWhere } }, { schedules: { some: { enabled: true, ...reachesScreens } } }] };
  const [alertsRead, screens, schedules, direct, members, groupTargets, layouts, zones] = await Promise.all([
    Array.isArray(which) ? activeAlertsForScreens(db, screenWhere.id!.in, opts.now) : undefined,
    db.screen.findMany({
      where: screenWhere,
      select: {
        id: true, name: true, ownerId: true, timezone: true, currentPlaylistId: true, currentTickerPlaylistId: true,
        currentLayoutId: true, rotation: true,
      },
    }),
    db.schedule.findMany({
      where: { enabled: true, ...reachesScreens },
      select: {
        id: true, ownerId: true, name: true, playlistId: true, layoutId: true, tickerPlaylistId: true, days: true, startTime: true, endTime: true,
        startDate: true, endDate: true, exceptDates: true, priority: true, enabled: true, updatedAt: true,
      },
    }),
    db.scheduleScreen.findMany({ where: { screen: screenWhere }, select: { screenId: true, scheduleId: true } }),
    db.screenGroupMember.findMany({ where: { screen: screenWhere }, select: { screenId: true, groupId: true } }),
    db.scheduleGroup.findMany({ where: { group: { members: { some: { screen: screenWhere } } } }, select: { groupId: true, scheduleId: true } }),
    db.layout.findMany({
      where: showsLayout,
      select: { id: true, name: true, ownerId: true, orientation: true, background: true, updatedAt: true },
    }),
    db.layoutZone.findMany({
      where: { layout: showsLayout },
      orderBy: [{ layoutId: 'asc' }, { position: 'asc' }],
      select: {
        layoutId: true, name: true, x: true, y: true, width: true, height: true, z: true, fit: true, playlistId: true, tickerPlaylistId: true,
      },
    }),
  ]);
  if (screens.length === 0) return undefined;
  // Alerts are per screen and read on every build, memo or not: a remembered content never
  // hides or keeps an alert (they are not part of the shared body or its memo key).
  const alerts = alertsRead ?? await activeAlertsForScreens(db, screens.map((s) => s.id), opts.now);
  const entriesOf = entriesByScreen(screens, schedules, direct, members, groupTargets, opts.now);
  // docs/PERFORMANCE.md (P4): a fleet reconnecting to a fresh process misses the config cache
  // screen by screen, in many small batches; when every screen of a batch points at contents
  // built before (and unchanged since), the first round of queries is the only one.
  const layoutChanged = new Map(layouts.map((l) => [l.id, l.updatedAt.getTime()]));
  const memo = opts.memo && { to: opts.memo, keys: screens.map((s) => memoKey(s, entriesOf.get(s.id)!, layoutChanged)) };
  const known = memo?.keys.map((key) => memo.to.get(key));
  if (known?.every((c) => c !== undefined)) return { screens, alerts, entriesOf, content: { known: known as SharedContent[] } };
  const ownerIds = [...new Set(screens.map((s) => s.ownerId))];
  const reachingEntries = [...new Set([...entriesOf.values()].flat())];
  const playlistIds = [...new Set([
    ...screens.flatMap((s) => (s.currentPlaylistId ? [s.currentPlaylistId] : [])),
    ...reachingEntries.flatMap((e) => (e.playlistId ? [e.playlistId] : [])),
    ...zones.flatMap((z) => (z.playlistId ? [z.playlistId] : [])),
  ])];
  const tickerIds = [...new Set([
    ...screens.flatMap((s) => (s.currentTickerPlaylistId ? [s.currentTickerPlaylistId] : [])),
    ...reachingEntries.flatMap((e) => (e.tickerPlaylistId ? [e.tickerPlaylistId] : [])),
    ...zones.flatMap((z) => (z.tickerPlaylistId ? [z.tickerPlaylistId] : [])),
  ])];

  // One flat round of queries after the screens (each round trip comes before a push goes out:
  // docs/PERFORMANCE.md, P1).
  const [owners, settings, active, { playlistById, tickerById }] = await Promise.all([
    db.account.findMany({ where: { id: { in: ownerIds }, members: { some: { role: 'owner', user: { role: 'admin' } } } }, select: { id: true } }),
    db.displaySettings.findMany({ where: { ownerId: { in: ownerIds } } }),
    db.purchase.findMany({
      where: { accountId: { in: ownerIds }, status: 'completed', expiresAt: { gt: opts.now } },
      select: { accountId: true }, distinct: ['accountId'],
    }),
    readPlaylistsAndTickers(db, playlistIds, tickerIds),
  ]);

  const adminOwned = new Set(owners.map((o) => o.id));
  const settingsByOwner = new Map(settings.map((d) => [d.ownerId, d]));
  const activeOwners = new Set(active.flatMap((p) => (p.accountId ? [p.accountId] : [])));
  const zonesOf = groupBy(zones, (z) => z.layoutId);
  const layoutById = new Map(layouts.map((l) => [l.id, { ...l, zones: zonesOf.get(l.id) ?? [] }]));

  return {
    screens, alerts, entriesOf, memo,
    content: { adminOwned, settingsByOwner, activeOwners, playlistById, tickerById, layoutById },
  };
}

/**
 * Playlists with their items' media, and tickers with their texts, by id (whoever owns them:
 * callers check). Prisma loads each nested relation with a query of its own, one after the
 * other, so relations are read from their own tables in parallel instead (only media still
 * follows its items); empty lists skip their query.
 */
export async function readPlaylistsAndTickers(
  db: Db, playlistIds: string[], tickerIds: string[],
): Promise<Pick<ConfigContentRows, 'playlistById' | 'tickerById'>> {
  const none = Promise.resolve([]);
  const [playlists, items, tickers, texts] = await Promise.all([
    playlistIds.length === 0 ? none : db.playlist.findMany({ where: { id: { in: playlistIds } }, select: { id: true, name: true, ownerId: true } }),
    playlistIds.length === 0 ? none : db.playlistItem.findMany({
      // Only ready media reach a screen: one still processing (or failed) has no file a player plays.
      where: { playlistId: { in: playlistIds }, media: { status: 'ready' } },
      orderBy: { position: 'asc' },
      select: { playlistId: true, duration: true, media: { select: CONFIG_MEDIA_FIELDS } },
    }),
    tickerIds.length === 0 ? none : db.tickerPlaylist.findMany({
      where: { id: { in: tickerIds } }, select: { id: true, name: true, speed: true, ownerId: true },
    }),
    tickerIds.length === 0 ? none : db.tickerText.findMany({
      where: { playlistId: { in: tickerIds } }, orderBy: { position: 'asc' }, select: { playlistId: true, text: true },
    }),
  ]);
  const itemsOf = groupBy(items, (i) => i.playlistId);
  const textsOf = groupBy(texts, (x) => x.playlistId);
  return {
    playlistById: new Map(playlists.map((p) => [p.id, { ...p, items: itemsOf.get(p.id) ?? [] }])),
    tickerById: new Map(tickers.map((d) => [d.id, { ...d, texts: textsOf.get(d.id) ?? [] }])),
  };
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
