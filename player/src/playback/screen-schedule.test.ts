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
      timezone: 'Asia/Tokyo', defaultPlaylistId: 'own', defaultTickerPlaylistId: 'own-ticker', entries: [entry],
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
    expect(contentOf(c, { playlistId: null, tickerPlaylistId: null })).toEqual({ playlist: null, ticker: null });
    // An id the config does not carry plays nothing rather than something else.
    expect(contentOf(c, { playlistId: 'gone', tickerPlaylistId: 'gone' })).toEqual({ playlist: null, ticker: null });
  });

  it('lists every playlist the screen may show once, its own first', () => {
    expect(allPlaylists(config()).map((p) => p._id)).toEqual(['own', 'menu']);
    expect(allPlaylists(config({ playlist: null })).map((p) => p._id)).toEqual(['menu', 'own']);
  });

  it('a config saved on a device before configs carried a schedule plays its own playlist', () => {
    const old = { ...config(), schedule: undefined } as unknown as TScreenConfig;
    expect(scheduleFromConfig(old)).toEqual({ timezone: null, defaultPlaylistId: 'own', defaultTickerPlaylistId: 'own-ticker', entries: [] });
    expect(contentOf(old, { playlistId: 'own', tickerPlaylistId: 'own-ticker' }).playlist?._id).toBe('own');
    expect(allPlaylists(old).map((p) => p._id)).toEqual(['own']);
  });
});
