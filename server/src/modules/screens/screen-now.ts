import { resolveAt, type TScreenConfig, type TScreenNow, type TScreensNow } from '@pano/contract';
import { notFound } from '../../http/errors.js';
import type { BuiltScreenConfig } from './screen-config-cache.js';

/**
 * What a config plays at an instant: resolveAt over exactly what the player holds (its
 * schedule block and its own assignment), so the dashboard and the screen cannot disagree
 * (docs/architecture/scheduling.md#what-a-screen-shows). A package that ended carries neither entries nor
 * a playlist: 'none', as the player shows its notice and nothing else.
 */
export function nowOfConfig(config: TScreenConfig, at: Date): TScreenNow {
  // A layout is the screen's default as a playlist would be (docs/PRODUCT.md#layouts); entries
  // showing layouts travel apart (docs/architecture/scheduling.md#layouts-in-schedules).
  const resolved = resolveAt({
    timezone: config.schedule.timezone,
    defaultPlaylistId: config.playlist?._id ?? null,
    defaultLayoutId: config.layout?._id ?? null,
    defaultTickerPlaylistId: config.directionPlaylist?._id ?? null,
    entries: [...config.schedule.entries, ...(config.schedule.layoutEntries ?? [])],
  }, at);
  // A player looks playlists up the same way: its own, then the schedule's.
  const playlists = [config.playlist, ...config.schedule.playlists];
  const tickers = [config.directionPlaylist, ...config.schedule.tickers];
  const layouts = [config.layout ?? null, ...(config.schedule.layouts ?? [])];
  const named = (list: ({ _id: string; name: string } | null)[], id: string | null) => {
    const found = id === null ? undefined : list.find((p) => p?._id === id);
    return found ? { _id: found._id, name: found.name } : null;
  };
  return {
    playlist: named(playlists, resolved.playlistId),
    directionPlaylist: named(tickers, resolved.tickerPlaylistId),
    layout: named(layouts, resolved.layoutId),
    source: resolved.source,
    scheduleId: resolved.scheduleId,
    until: resolved.until === null ? null : new Date(resolved.until).toISOString(),
  };
}

/*
 * The configs are built for `at` itself (not read from the config cache, screen-now.routes.ts):
 * entries whose last day is over and the package's end are judged at that instant, so a
 * question about next week gets the answer the screen will give then, with today's content.
 */

/** One screen of the customer, from its config built for `at`; another customer's screen reads as missing. */
export function screenNow(configs: Map<string, BuiltScreenConfig>, ownerId: string, screenId: string, at: Date): TScreenNow {
  const built = configs.get(screenId);
  if (!built || built.ownerId !== ownerId) throw notFound('Ekran');
  return nowOfConfig(built.config, at);
}

/** Every screen of the customer (their configs built for `at`), ordered like the screens page (by name, then id). */
export function screensNow(built: Map<string, BuiltScreenConfig>, at: Date): TScreensNow {
  return [...built.values()]
    .map((b) => b.config)
    .sort((a, b) => a.screenName.localeCompare(b.screenName, 'tr') || (a.screenId < b.screenId ? -1 : 1))
    .map((c) => ({ screenId: c.screenId, ...nowOfConfig(c, at) }));
}
