import type { TScreen } from '@pano/contract';
import { presentRefsByName } from '../../http/present-refs.js';
import type { ScreenRow } from './screens.service.js';

const ref = (r: { id: string; name: string } | null) => (r ? { _id: r.id, name: r.name } : null);

export const presentScreen = (s: ScreenRow): TScreen => ({
  _id: s.id,
  name: s.name,
  status: s.status,
  currentPlaylist: ref(s.currentPlaylist),
  currentDirectionPlaylist: ref(s.currentTickerPlaylist),
  currentLayout: ref(s.currentLayout),
  rotation: s.rotation as NonNullable<TScreen['rotation']>,
  lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
  timezone: s.timezone,
  groups: presentRefsByName(s.groupMemberships.map((m) => m.group)),
  createdAt: s.createdAt.toISOString(),
});
