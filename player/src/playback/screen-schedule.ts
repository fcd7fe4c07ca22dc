import type { ScheduleOutcome, ScreenSchedule, TConfigPlaylist, TConfigSchedule, TConfigTicker, TScreenConfig } from '@pano/contract';

const NO_SCHEDULE: TConfigSchedule = { timezone: '', entries: [], playlists: [], tickers: [] };

/**
 * A device keeps its last config across an update of the player, so one saved before
 * configs carried a schedule may come back without it: it plays its own playlist.
 */
function scheduleBlock(config: TScreenConfig): TConfigSchedule {
  return (config.schedule as TConfigSchedule | undefined) ?? NO_SCHEDULE;
}

/** The resolution input of a config: its own assignment is the default, its entries the rest. */
export function scheduleFromConfig(config: TScreenConfig): ScreenSchedule {
  return {
    timezone: scheduleBlock(config).timezone || null,
    defaultPlaylistId: config.playlist?._id ?? null,
    defaultTickerPlaylistId: config.directionPlaylist?._id ?? null,
    entries: scheduleBlock(config).entries,
  };
}

/** What plays for an outcome: the playlist and ticker with those ids among the config's own. */
export function contentOf(
  config: TScreenConfig,
  outcome: Pick<ScheduleOutcome, 'playlistId' | 'tickerPlaylistId'>,
): { playlist: TConfigPlaylist | null; ticker: TConfigTicker | null } {
  return {
    playlist: byId([config.playlist, ...scheduleBlock(config).playlists], outcome.playlistId),
    ticker: byId([config.directionPlaylist, ...scheduleBlock(config).tickers], outcome.tickerPlaylistId),
  };
}

function byId<T extends { _id: string }>(list: ReadonlyArray<T | null>, id: string | null): T | null {
  if (id === null) return null;
  return list.find((item) => item?._id === id) ?? null;
}

/**
 * Every playlist the schedule may show: the default, each entry's, and each zone's of the
 * screen's layout (docs/architecture/player.md#layouts), once each.
 */
export function allPlaylists(config: TScreenConfig): TConfigPlaylist[] {
  const seen = new Map<string, TConfigPlaylist>();
  const zones = config.layout?.zones.map((zone) => zone.playlist) ?? [];
  for (const playlist of [config.playlist, ...scheduleBlock(config).playlists, ...zones]) {
    if (playlist && !seen.has(playlist._id)) seen.set(playlist._id, playlist);
  }
  return [...seen.values()];
}
