import type { TScreen } from '@pano/contract';

export type ScreenRow = {
  id: string;
  name: string;
  status: string;
  lastSeenAt: Date | null;
  createdAt: Date;
  currentPlaylist: { id: string; name: string } | null;
  currentTickerPlaylist: { id: string; name: string } | null;
};

const ref = (r: { id: string; name: string } | null) => (r ? { _id: r.id, name: r.name } : null);

export const presentScreen = (s: ScreenRow): TScreen => ({
  _id: s.id,
  name: s.name,
  status: s.status,
  currentPlaylist: ref(s.currentPlaylist),
  currentDirectionPlaylist: ref(s.currentTickerPlaylist),
  lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
  createdAt: s.createdAt.toISOString(),
});
