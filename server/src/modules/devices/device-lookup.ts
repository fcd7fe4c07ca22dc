import type { Db } from '../../db/client.js';
import { KeyBatcher } from '../../db/key-batcher.js';
import type { DeviceLookupCache } from './device-lookup-cache.js';

export type DeviceRow = { id: string; ownerId: string; screenId: string | null; name: string | null; revokedAt: Date | null };

/** A device as the audit log names it, actor or target: its name on /settings, or 'Adsız cihaz'. */
export const deviceLabel = (d: { name: string | null }) => d.name ?? 'Adsız cihaz';

/**
 * Device rows by id, for the device endpoints, the socket handshake and the config endpoint.
 *
 * docs/PERFORMANCE.md (P4): reads are coalesced. After an API restart every player's socket
 * handshake and config fetch check their Device row within seconds; concurrent checks share
 * one `WHERE id IN (…)` query instead of taking a pool connection each.
 *
 * With a cache (an API instance with its realtime layer), the config endpoint's "is this
 * device still paired" check reuses a recent answer (device-lookup-cache.ts); `read` always
 * goes to the database and refreshes the cached answer with what it found.
 */
export class DeviceLookup {
  private readonly rows: KeyBatcher<string, DeviceRow>;

  constructor(db: Db, private readonly cache?: DeviceLookupCache) {
    this.rows = new KeyBatcher(async (batch) => {
      const rows = await db.device.findMany({
        where: { id: { in: [...batch.keys()] } },
        select: { id: true, ownerId: true, screenId: true, name: true, revokedAt: true },
      });
      return new Map(rows.map((r) => [r.id, r]));
    });
  }

  /** The Device row, read now (in a batch with concurrent reads); undefined when it does not exist. */
  async read(deviceId: string): Promise<DeviceRow | undefined> {
    const device = await this.rows.load(deviceId);
    // A reconnecting player fetches its config right after the handshake: that check reuses this read.
    this.cache?.set(deviceId, ownerOfActive(device));
    return device;
  }

  /** The device's owner if it exists, is not revoked and belongs to `ownerId` (the token's claim); else null. */
  async activeOwner(deviceId: string, ownerId: string): Promise<string | null> {
    let owner = this.cache?.get(deviceId);
    if (owner === undefined) owner = ownerOfActive(await this.read(deviceId));
    return owner === ownerId ? owner : null;
  }
}

const ownerOfActive = (device: DeviceRow | undefined): string | null => (device && !device.revokedAt ? device.ownerId : null);
