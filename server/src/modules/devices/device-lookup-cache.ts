import type { AppContext } from '../../context.js';
import { readDeviceRow } from './device-rows.js';

/** How long a Device row check is reused: a revocation (or deletion) takes effect within this window. */
export const DEVICE_LOOKUP_TTL_MS = 5_000;
// Expired entries are only swept when the map gets this large: each entry is a few dozen bytes.
const SWEEP_AT = 50_000;

type Entry = { ownerId: string | null; expiresAt: number };

/**
 * docs/PERFORMANCE.md (P5): the config endpoint's "is this device still paired" check, cached
 * per device for a few seconds so a fleet polling its configs is not one Device query per
 * request. Used only where the config cache is on (an API instance with its realtime layer);
 * the device endpoints and the socket handshake still read the row every time (and refresh
 * this entry with it). Misses are read in batches (device-rows.ts).
 */
export class DeviceLookupCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs: number, private readonly now: () => number) {}

  /** The owner of an unrevoked device, null for a revoked or missing one; undefined when not cached. */
  get(deviceId: string): string | null | undefined {
    const e = this.entries.get(deviceId);
    if (!e) return undefined;
    if (e.expiresAt <= this.now()) {
      this.entries.delete(deviceId);
      return undefined;
    }
    return e.ownerId;
  }

  set(deviceId: string, ownerId: string | null): void {
    if (this.entries.size >= SWEEP_AT) this.sweep();
    this.entries.set(deviceId, { ownerId, expiresAt: this.now() + this.ttlMs });
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(id);
  }
}

const caches = new WeakMap<AppContext, DeviceLookupCache>();

export function enableDeviceLookupCache(ctx: AppContext, cache: DeviceLookupCache): void {
  caches.set(ctx, cache);
}

/** A Device row just read elsewhere (the socket handshake) fills the cache where it is on. */
export function rememberDeviceOwner(ctx: AppContext, deviceId: string, ownerId: string | null): void {
  caches.get(ctx)?.set(deviceId, ownerId);
}

/** The device's owner if it exists, is not revoked and belongs to `ownerId` (the token's claim); else null. */
export async function activeDeviceOwner(ctx: AppContext, deviceId: string, ownerId: string): Promise<string | null> {
  const cache = caches.get(ctx);
  let owner = cache?.get(deviceId);
  if (owner === undefined) {
    const device = await readDeviceRow(ctx, deviceId);
    owner = device && !device.revokedAt ? device.ownerId : null;
    cache?.set(deviceId, owner);
  }
  return owner === ownerId ? owner : null;
}
