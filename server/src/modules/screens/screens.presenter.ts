import type { TScreen } from '@pano/contract';
import { presentRefsByName } from '../../http/present-refs.js';
import type { ScreenRow } from './screens.service.js';
import { presentRef } from '../../http/present-refs.js';

export const presentScreen = (s: ScreenRow): TScreen => ({
  _id: s.id,
  name: s.name,
  status: s.status,
  currentPlaylist: presentRef(s.currentPlaylist),
  currentDirectionPlaylist: presentRef(s.currentTickerPlaylist),
  currentLayout: presentRef(s.currentLayout),
  rotation: s.rotation as NonNullable<TScreen['rotation']>,
  lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
  timezone: s.timezone,
  latitude: s.latitude,
  longitude: s.longitude,
  groups: presentRefsByName(s.groupMemberships.map((m) => m.group)),
  createdAt: s.createdAt.toISOString(),
});
