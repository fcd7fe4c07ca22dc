import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import { point, polygon } from '@turf/helpers';
import type { CapArea, LatLon } from './cap-message.js';

/*
 * Which screens a CAP message's area covers (docs/architecture/cap.md#areas): a screen with a
 * location is inside when it lies in one of the areas' polygons (edges included) or within one
 * of their circles' radius (great-circle distance). The geometry is turf's.
 */

export type Located = { id: string; latitude: number | null; longitude: number | null };

/** Whether the areas name a place at all: areaDesc and geocodes alone leave the screens to the sender's scope. */
export const hasGeometry = (areas: CapArea[]): boolean => areas.some((a) => a.polygons.length > 0 || a.circles.length > 0);

// GeoJSON orders a position longitude first; CAP writes latitude first.
const position = (p: LatLon): [number, number] => [p.lon, p.lat];

function inside(at: LatLon, areas: CapArea[]): boolean {
  const here = point(position(at));
  return areas.some((a) =>
    a.polygons.some((ring) => booleanPointInPolygon(here, polygon([ring.map(position)])))
    || a.circles.some((c) => distance(point(position(c.centre)), here, { units: 'kilometers' }) <= c.radiusKm));
}

/** The ids of the screens located inside the areas; a screen without a location is in none. */
export function screensInside(screens: Located[], areas: CapArea[]): string[] {
  return screens.flatMap((s) => (s.latitude !== null && s.longitude !== null && inside({ lat: s.latitude, lon: s.longitude }, areas) ? [s.id] : []));
}
