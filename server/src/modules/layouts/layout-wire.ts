/*
 * A layout and its zones on the wire, shared by the layouts API (layouts.presenter.ts) and the
 * screen config (screens/screen-config.presenter.ts). Imports nothing, so the config's presenter
 * can use it without reaching the layouts service.
 */

/** A layout's own fields on the wire, for the API and the screen config alike. */
export const layoutHead = (l: { id: string; name: string; orientation: string; background: string }) => ({
  _id: l.id,
  name: l.name,
  orientation: l.orientation === 'portrait' ? 'portrait' as const : 'landscape' as const,
  background: l.background,
});

/** A zone's rectangle, order and fit on the wire, for the API and the screen config alike. */
export const zoneRect = (z: { name: string; x: number; y: number; width: number; height: number; z: number; fit: string }) => ({
  name: z.name,
  x: z.x,
  y: z.y,
  width: z.width,
  height: z.height,
  z: z.z,
  fit: z.fit === 'contain' ? 'contain' as const : 'cover' as const,
});
