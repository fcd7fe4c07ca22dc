import type { TLayout } from '@pano/contract';
import type { LayoutRow } from './layouts.service.js';
import { layoutHead, zoneRect } from './layout-wire.js';

const ref = (r: { id: string; name: string } | null) => (r ? { _id: r.id, name: r.name } : null);

/** Zones arrive ordered by position (see `withZones`), each with its playlist or ticker named. */
export const presentLayout = (l: LayoutRow): TLayout => ({
  ...layoutHead(l),
  zones: l.zones.map((z) => ({ ...zoneRect(z), playlist: ref(z.playlist), directionPlaylist: ref(z.tickerPlaylist) })),
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});
