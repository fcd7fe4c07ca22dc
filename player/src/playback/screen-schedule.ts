import type {
  ScheduleOutcome, ScreenSchedule, TConfigLayout, TConfigPlaylist, TConfigSchedule, TConfigTicker, TScreenConfig,
} from '@pano/contract';

const NO_SCHEDULE: TConfigSchedule = { timezone: '', entries: [], playlists: [], tickers: [] };

/**
 * A device keeps its last config across an update of the player, so one saved before
 * configs carried a schedule may come back without it: it plays its own playlist.
 */
function scheduleBlock(config: TScreenConfig): TConfigSchedule {
  return (config.schedule as TConfigSchedule | undefined) ?? NO_SCHEDULE;
}

/**
 * The resolution input of a config: its own assignment (playlist or layout) is the default, its
 * entries the rest, those showing a layout included (docs/architecture/scheduling.md#layouts-in-schedules).
 */
export function scheduleFromConfig(config: TScreenConfig): ScreenSchedule {
  const block = scheduleBlock(config);
  return {
    timezone: block.timezone || null,
    defaultPlaylistId: config.playlist?._id ?? null,
    defaultLayoutId: config.layout?._id ?? null,
    defaultTickerPlaylistId: config.directionPlaylist?._id ?? null,
    entries: block.layoutEntries?.length ? [...block.entries, ...block.layoutEntries] : block.entries,
  };
}

/** What plays for an outcome: the playlist, layout and ticker with those ids among the config's own. */
export function contentOf(
  config: TScreenConfig,
  outcome: Pick<ScheduleOutcome, 'playlistId' | 'tickerPlaylistId'> & Partial<Pick<ScheduleOutcome, 'layoutId'>>,
): { playlist: TConfigPlaylist | null; layout: TConfigLayout | null; ticker: TConfigTicker | null } {
  return {
    playlist: byId([config.playlist, ...scheduleBlock(config).playlists], outcome.playlistId),
    layout: byId([config.layout ?? null, ...(scheduleBlock(config).layouts ?? [])], outcome.layoutId ?? null),
    ticker: byId([config.directionPlaylist, ...scheduleBlock(config).tickers], outcome.tickerPlaylistId),
  };
}

function byId<T extends { _id: string }>(list: ReadonlyArray<T | null>, id: string | null): T | null {
  if (id === null) return null;
  return list.find((item) => item?._id === id) ?? null;
}

/**
 * Every playlist the schedule may show: the default, each entry's, and each zone's of the
 * screen's layout and of the layouts its entries show (docs/architecture/player.md#layouts), once each.
 */
export function allPlaylists(config: TScreenConfig): TConfigPlaylist[] {
  const seen = new Map<string, TConfigPlaylist>();
  const zones = allLayouts(config).flatMap((layout) => layout.zones.map((zone) => zone.playlist));
  for (const playlist of [config.playlist, ...scheduleBlock(config).playlists, ...zones]) {
    if (playlist && !seen.has(playlist._id)) seen.set(playlist._id, playlist);
  }
  return [...seen.values()];
}

/** The screen's own layout and every layout its schedule may show. */
export function allLayouts(config: TScreenConfig): TConfigLayout[] {
  return [config.layout ?? null, ...(scheduleBlock(config).layouts ?? [])].filter((l): l is TConfigLayout => l !== null);
}
