// Test-only: a screen config for component tests of the Player, one image or video per item.
import type { TScreenConfig } from '@pano/contract';

export type FixtureItem = { id: string; kind: 'image' | 'video'; duration?: number };

export function playerConfig(items: FixtureItem[], extra: Partial<TScreenConfig> = {}): TScreenConfig {
  return {
    screenId: 's1', screenName: 'Lobi', version: `v-${items.map((i) => i.id).join('-')}`, alerts: [],
    playlist: {
      _id: 'p1', name: 'Liste',
      mediaItems: items.map((i) => ({
        duration: i.duration ?? 5,
        media: {
          _id: i.id, name: i.id, mediaType: i.kind === 'video' ? 'Video' : 'Resim', type: i.kind,
          filePath: `/uploads/${i.id}.${i.kind === 'video' ? 'mp4' : 'png'}`, url: '', mimeType: '',
        },
      })),
    },
    directionPlaylist: null,
    displaySettings: { showDirectionBar: true, backgroundColor: 'rgba(0,0,0,0.8)', barHeight: 50, textColor: 'white', fontSize: 24 },
    notice: null,
    schedule: { timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] },
    ...extra,
  };
}
