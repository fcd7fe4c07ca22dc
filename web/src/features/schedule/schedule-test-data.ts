import type { TLayout, TPlaylist, TSchedule, TScreen, TScreenGroup, TTickerPlaylist } from '@pano/contract';

/** Rows as the API answers them, for the component tests of /schedule. */
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2026-11-01T00:00:00.000Z';

export const playlists: TPlaylist[] = [
  { _id: id(1), name: 'Öğle Menüsü', mediaItems: [], createdAt: at, updatedAt: at },
  { _id: id(2), name: 'Lobi', mediaItems: [], createdAt: at, updatedAt: at },
  { _id: id(3), name: 'Akşam Ziyaret', mediaItems: [], createdAt: at, updatedAt: at },
];
export const layouts: TLayout[] = [
  { _id: id(51), name: 'Menü Panosu', orientation: 'landscape', background: '#000000', zones: [], createdAt: at, updatedAt: at },
];
export const tickers: TTickerPlaylist[] = [{ _id: id(11), name: 'Duyurular', speed: 3, directions: [{ text: 'Merhaba' }], createdAt: at, updatedAt: at }];
export const groups: TScreenGroup[] = [{ _id: id(21), name: 'Kafeterya', screens: [{ _id: id(31), name: 'Kasa' }] }];
export const screens: TScreen[] = [
  {
    _id: id(31), name: 'Kasa', status: 'active', currentPlaylist: { _id: id(2), name: 'Lobi' }, currentDirectionPlaylist: null,
    lastSeenAt: null, timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [{ _id: id(21), name: 'Kafeterya' }], createdAt: at,
  },
  {
    _id: id(32), name: 'Giriş', status: 'active', currentPlaylist: null, currentDirectionPlaylist: null,
    lastSeenAt: null, timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [], createdAt: at,
  },
];

export function schedule(overrides: Partial<TSchedule> = {}): TSchedule {
  return {
    _id: id(41), name: 'Öğle', playlist: { _id: id(1), name: 'Öğle Menüsü' }, directionPlaylist: null,
    screens: [], groups: [{ _id: id(21), name: 'Kafeterya' }], days: [1, 2, 3, 4, 5], startTime: '12:00', endTime: '13:30',
    startDate: null, endDate: null, exceptDates: [], priority: 5, enabled: true, createdAt: at, updatedAt: at, ...overrides,
  };
}
