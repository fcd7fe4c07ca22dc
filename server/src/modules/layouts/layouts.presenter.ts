import type { TLayout } from '@pano/contract';
import type { LayoutRow } from './layouts.service.js';

const ref = (r: { id: string; name: string } | null) => (r ? { _id: r.id, name: r.name } : null);

/** Zones arrive ordered by position (see `withZones`), each with its playlist or ticker named. */
export const presentLayout = (l: LayoutRow): TLayout => ({
  _id: l.id,
  name: l.name,
  orientation: l.orientation === 'portrait' ? 'portrait' : 'landscape',
  background: l.background,
  zones: l.zones.map((z) => ({
    name: z.name,
    x: z.x,
    y: z.y,
    width: z.width,
    height: z.height,
    z: z.z,
    playlist: ref(z.playlist),
    directionPlaylist: ref(z.tickerPlaylist),
    fit: z.fit === 'contain' ? 'contain' : 'cover',
  })),
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});
