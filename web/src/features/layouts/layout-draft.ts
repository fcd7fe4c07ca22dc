import type { TLayout, TLayoutTemplate, TZone } from '@pano/contract';
import { LAYOUT_ZONES_MAX } from '@pano/contract';
import { trLayouts } from '../../i18n/tr-layouts';

/*
 * What the editor holds while a layout is changed (docs/PRODUCT.md#layouts): the layout's own
 * shape, zones with their content as `{ _id, name }`, so the canvas can name what each plays.
 * The request is made from it and checked with the contract's schema on save.
 */

export type LayoutDraft = Pick<TLayout, 'name' | 'orientation' | 'background'> & { zones: TZone[] };

export const draftOfLayout = (l: TLayout): LayoutDraft =>
  ({ name: l.name, orientation: l.orientation, background: l.background, zones: l.zones.map((z) => ({ ...z })) });

export const draftOfTemplate = (t: TLayoutTemplate): LayoutDraft => ({
  name: '',
  orientation: t.orientation,
  background: '#000000',
  zones: t.zones.map((z) => ({ ...z, playlist: null, directionPlaylist: null })),
});

/** The body of POST/PUT /api/layouts: content by id. */
export const requestOf = (d: LayoutDraft) => ({
  name: d.name,
  orientation: d.orientation,
  background: d.background,
  zones: d.zones.map((z) => ({ ...z, playlist: z.playlist?._id ?? null, directionPlaylist: z.directionPlaylist?._id ?? null })),
});

/** Zones in drawing order, bottom first; ties keep the list's order. */
export const drawOrder = <Z extends { z: number }>(zones: readonly Z[]) =>
  zones.map((zone, index) => ({ zone, index })).sort((a, b) => a.zone.z - b.zone.z || a.index - b.index);

/**
 * One step up (+1) or down (−1) in the drawing order: the zone trades places with its neighbour,
 * and every zone's `z` becomes its place (0 … n−1), so the numbers say the order plainly.
 */
export function restack(zones: readonly TZone[], index: number, step: 1 | -1): TZone[] {
  const order = drawOrder(zones).map((o) => o.index);
  const at = order.indexOf(index);
  const to = at + step;
  if (to < 0 || to >= order.length) return [...zones];
  [order[at], order[to]] = [order[to] as number, order[at] as number];
  const next = [...zones];
  order.forEach((i, place) => {
    next[i] = { ...(zones[i] as TZone), z: place };
  });
  return next;
}

/** A new zone in the middle, above the others; null when the layout already has the most. */
export function addZone(zones: readonly TZone[]): TZone[] | null {
  if (zones.length >= LAYOUT_ZONES_MAX) return null;
  const top = zones.reduce((m, z) => Math.max(m, z.z), -1);
  return [...zones, {
    name: trLayouts.newZoneName(zones.length + 1), x: 25, y: 25, width: 50, height: 50, z: Math.min(99, top + 1),
    playlist: null, directionPlaylist: null, fit: 'cover',
  }];
}
