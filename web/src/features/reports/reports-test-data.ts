import type { TMedia, TPlaysReport, TScreen, TScreenGroup } from '@pano/contract';
import { readyFile } from '../../testing/fixtures';

/** Rows as the API answers them, for the component tests of /reports. */
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2026-11-01T00:00:00.000Z';

/** 2026-11-24 12:00 in Istanbul: the last 7 days are 18-24 November. */
export const NOW = Date.UTC(2026, 10, 24, 9, 0);

export const screens: TScreen[] = [
  {
    _id: id(31), name: 'Kasa', status: 'active', currentPlaylist: null, currentDirectionPlaylist: null,
    lastSeenAt: null, timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [{ _id: id(21), name: 'Kafeterya' }], createdAt: at,
  },
  {
    _id: id(32), name: 'Giriş', status: 'active', currentPlaylist: null, currentDirectionPlaylist: null,
    lastSeenAt: null, timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [], createdAt: at,
  },
];
export const groups: TScreenGroup[] = [{ _id: id(21), name: 'Kafeterya', screens: [{ _id: id(31), name: 'Kasa' }] }];
const file = { mimeType: 'video/mp4', size: 1000, width: 1920, height: 1080, duration: null, createdAt: at, ...readyFile };
export const media: TMedia[] = [
  { _id: id(1), name: 'Kampanya Videosu', filePath: '/uploads/a.mp4', mediaType: 'Video', type: 'video', ...file },
  { _id: id(2), name: 'Menü', filePath: '/uploads/b.png', mediaType: 'Resim', type: 'image', ...file, mimeType: 'image/png' },
];

export function report(overrides: Partial<TPlaysReport> = {}): TPlaysReport {
  return {
    from: '2026-11-18', to: '2026-11-24', tz: 'Europe/Istanbul', by: 'media',
    rows: [
      { key: id(1), name: 'Kampanya Videosu', plays: 1200, seconds: 12000 },
      { key: id(2), name: 'Menü', plays: 300, seconds: 4000.4 },
    ],
    total: { plays: 1500, seconds: 16000.4 },
    zones: [],
    ...overrides,
  };
}

export const emptyReport = (): TPlaysReport => report({ rows: [], total: { plays: 0, seconds: 0 } });
