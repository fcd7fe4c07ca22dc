import { describe, expect, it } from 'vitest';
import type { TConfigPlaylist, TConfigTicker, TScreenConfig } from '@pano/contract';
import { allPlaylists, contentOf, scheduleFromConfig } from './screen-schedule.js';

const playlist = (id: string): TConfigPlaylist => ({ _id: id, name: id, mediaItems: [] });
const ticker = (id: string): TConfigTicker => ({ _id: id, name: id, speed: 3, directions: [{ text: id }] });
const entry = { id: 'e1', name: 'Öğle', playlistId: 'menu', tickerPlaylistId: null, days: [1], startTime: '12:00', endTime: '13:00',
  startDate: null, endDate: null, exceptDates: [], priority: 5, enabled: true, updatedAt: '2026-01-01T00:00:00Z' };

const config = (over: Partial<TScreenConfig> = {}): TScreenConfig => ({
  screenId: 's1', screenName: 'Lobi', version: 'v1', alerts: [], playlist: playlist('own'), directionPlaylist: ticker('own-ticker'),
  schedule: { timezone: 'Asia/Tokyo', entries: [entry], playlists: [playlist('menu'), playlist('own')], tickers: [ticker('news')] },
  displaySettings: { showDirectionBar: true, backgroundColor: 'black', barHeight: 50, textColor: 'white', fontSize: 24 },
  notice: null, ...over,
});

describe('screen schedule from a config', () => {
  it('takes the own assignment as the default, the entries and the zone as they are', () => {
    expect(scheduleFromConfig(config())).toEqual({
      timezone: 'Asia/Tokyo', defaultPlaylistId: 'own', defaultLayoutId: null, defaultTickerPlaylistId: 'own-ticker', entries: [entry],
    });
    expect(scheduleFromConfig(config({ playlist: null, directionPlaylist: null }))).toMatchObject({
      defaultPlaylistId: null, defaultTickerPlaylistId: null,
    });
  });

  it('finds the playlist and ticker by id; the own ticker when the entry has none', () => {
    const c = config();
    const own = contentOf(c, { playlistId: 'menu', tickerPlaylistId: 'own-ticker' });
    expect([own.playlist?._id, own.ticker]).toEqual(['menu', c.directionPlaylist]);
    const scheduled = contentOf(c, { playlistId: 'menu', tickerPlaylistId: 'news' });
    expect(scheduled.ticker?._id).toBe('news');
    expect(contentOf(c, { playlistId: null, tickerPlaylistId: null })).toEqual({ playlist: null, layout: null, ticker: null });
    // An id the config does not carry plays nothing rather than something else.
    expect(contentOf(c, { playlistId: 'gone', tickerPlaylistId: 'gone' })).toEqual({ playlist: null, layout: null, ticker: null });
  });

  it('lists every playlist the screen may show once, its own first', () => {
    expect(allPlaylists(config()).map((p) => p._id)).toEqual(['own', 'menu']);
    expect(allPlaylists(config({ playlist: null })).map((p) => p._id)).toEqual(['menu', 'own']);
  });

  it('a config saved on a device before configs carried a schedule plays its own playlist', () => {
    const old = { ...config(), schedule: undefined } as unknown as TScreenConfig;
    expect(scheduleFromConfig(old)).toEqual({
      timezone: null, defaultPlaylistId: 'own', defaultLayoutId: null, defaultTickerPlaylistId: 'own-ticker', entries: [],
    });
    expect(contentOf(old, { playlistId: 'own', tickerPlaylistId: 'own-ticker' }).playlist?._id).toBe('own');
    expect(allPlaylists(old).map((p) => p._id)).toEqual(['own']);
  });

  it('reads entries showing a layout beside the others, finds the layout by id, and caches its zones\' playlists', () => {
    const zone = { name: 'Ana', x: 0, y: 0, width: 100, height: 100, z: 0, fit: 'cover' as const, directionPlaylist: null };
    const menu = { _id: 'l2', name: 'Menü', orientation: 'landscape' as const, background: '#000000', zones: [{ ...zone, playlist: playlist('zone') }] };
    const layoutEntry = { ...entry, id: 'e2', playlistId: null, layoutId: 'l2', tickerPlaylistId: null };
    const own = { ...menu, _id: 'l1', zones: [{ ...zone, playlist: playlist('own-zone') }] };
    const c = config({ playlist: null, directionPlaylist: null, layout: own, schedule: { ...config().schedule, layouts: [menu], layoutEntries: [layoutEntry] } });
    expect(scheduleFromConfig(c)).toMatchObject({ defaultPlaylistId: null, defaultLayoutId: 'l1', entries: [entry, layoutEntry] });
    expect(contentOf(c, { playlistId: null, layoutId: 'l2', tickerPlaylistId: null })).toEqual({ playlist: null, layout: menu, ticker: null });
    expect(contentOf(c, { playlistId: null, layoutId: 'l1', tickerPlaylistId: null }).layout).toBe(own);
    expect(allPlaylists(c).map((p) => p._id)).toEqual(['menu', 'own', 'own-zone', 'zone']);
  });
});
