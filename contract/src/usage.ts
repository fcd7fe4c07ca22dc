import { z } from './zod.js';
import { ZId } from './common.js';

/*
 * GET /api/<resource>/{id}/usage: what deleting that item would affect, so the delete
 * confirmation can name it. Asked for when the dialog opens (not carried by every list
 * answer), so it is current; another customer's id answers 404 like every other call.
 */

export const ZUsedBy = z.object({ _id: ZId, name: z.string() });
export type TUsedBy = z.infer<typeof ZUsedBy>;

/** Media: the playlists that contain it, and the screens now showing one of those. */
export const ZMediaUsage = z.object({ playlists: z.array(ZUsedBy), screens: z.array(ZUsedBy) });
export type TMediaUsage = z.infer<typeof ZMediaUsage>;

/**
 * A playlist or a ticker ("Reji") playlist: the screens it is assigned to, and the schedules
 * that play it (deleting a playlist deletes those; deleting a ticker removes it from them), and
 * the layouts with a zone showing it (deleting it leaves those zones empty). A layout's own
 * usage has the same shape: the screens showing it (no schedules name layouts yet).
 */
export const ZAssignedUsage = z.object({
  screens: z.array(ZUsedBy),
  schedules: z.array(ZUsedBy),
  /** Optional: answers from before layouts (issue #23) have none. */
  layouts: z.array(ZUsedBy).optional(),
});
export type TAssignedUsage = z.infer<typeof ZAssignedUsage>;

/** A screen: how many paired devices (not revoked) show it, the groups and schedules naming it. */
export const ZScreenUsage = z.object({
  devices: z.number().int().nonnegative(),
  groups: z.array(ZUsedBy),
  schedules: z.array(ZUsedBy),
});
export type TScreenUsage = z.infer<typeof ZScreenUsage>;

/** A package (admin): customers who bought it, and those whose purchase of it still runs. */
export const ZPackageUsage = z.object({
  customers: z.number().int().nonnegative(),
  activeCustomers: z.number().int().nonnegative(),
});
export type TPackageUsage = z.infer<typeof ZPackageUsage>;
