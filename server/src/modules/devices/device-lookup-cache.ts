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
 * this entry with it). DeviceLookup (device-lookup.ts) owns it and reads misses in batches.
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
