import type { AppContext } from '../../context.js';
import { KeyBatcher, batcherPer } from '../../db/key-batcher.js';

export type DeviceRow = { id: string; ownerId: string; screenId: string | null; revokedAt: Date | null };

/**
 * docs/PERFORMANCE.md (P4): Device rows read by id, coalesced. After an API restart every
 * player's socket handshake and config fetch check their Device row within seconds; concurrent
 * checks share one `WHERE id IN (…)` query instead of taking a pool connection each.
 */
const deviceRows = batcherPer((ctx: AppContext) => new KeyBatcher<string, DeviceRow>(async (batch) => {
  const rows = await ctx.db.device.findMany({
    where: { id: { in: [...batch.keys()] } },
    select: { id: true, ownerId: true, screenId: true, revokedAt: true },
  });
  return new Map(rows.map((r) => [r.id, r]));
}));

/** The Device row, read now (in a batch with concurrent reads); undefined when it does not exist. */
export const readDeviceRow = (ctx: AppContext, deviceId: string): Promise<DeviceRow | undefined> =>
  deviceRows(ctx).load(deviceId);
