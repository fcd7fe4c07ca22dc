import type { TLayout } from '@pano/contract';
import type { LayoutRow } from './layouts.service.js';
import { layoutHead, zoneRect } from './layout-wire.js';
import { presentRef } from '../../http/present-refs.js';

/** Zones arrive ordered by position (see `withZones`), each with its playlist or ticker named. */
export const presentLayout = (l: LayoutRow): TLayout => ({
  ...layoutHead(l),
  zones: l.zones.map((z) => ({ ...zoneRect(z), playlist: presentRef(z.playlist), directionPlaylist: presentRef(z.tickerPlaylist) })),
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});
