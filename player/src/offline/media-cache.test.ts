import { describe, expect, it } from 'vitest';
import type { TConfigPlaylist, TScreenConfig } from '@pano/contract';
import { mediaUrlsOf } from './media-cache.js';

const playlist = (id: string, files: string[]): TConfigPlaylist => ({
  _id: id, name: id,
  mediaItems: files.map((f) => ({ duration: 5, media: { _id: f, name: f, mediaType: 'Resim', type: 'image', filePath: `/uploads/${f}.png`, url: '', mimeType: '' } })),
});

describe('media the offline cache keeps', () => {
  it("holds every playlist the screen may show: its own and each schedule entry's, each file once", () => {
    const config = {
      playlist: playlist('own', ['a', 'b']),
      schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [playlist('menu', ['m', 'a']), playlist('evening', ['e'])], tickers: [] },
    } as unknown as TScreenConfig;
    expect(mediaUrlsOf(config, 'http://pano.test')).toEqual(
      ['a', 'b', 'm', 'e'].map((f) => `http://pano.test/uploads/${f}.png`),
    );
  });

  it('a screen without its own playlist still caches the scheduled ones', () => {
    const config = {
      playlist: null,
      schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [playlist('menu', ['m'])], tickers: [] },
    } as unknown as TScreenConfig;
    expect(mediaUrlsOf(config, 'http://pano.test')).toEqual(['http://pano.test/uploads/m.png']);
  });
});
