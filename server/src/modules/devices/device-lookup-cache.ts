/** How long a Device row check is reused: a revocation (or deletion) takes effect within this window. */
export const DEVICE_LOOKUP_TTL_MS = 5_000;
// Expired entries are only swept when the map gets this large: each entry is a few dozen bytes.
const SWEEP_AT = 50_000;
/**
 * How long a revocation is remembered here. A read that began before the revocation committed
 * may answer after it with the old row; for this long such an answer cannot put the device
 * back (set() and isRevoked()). Reads take milliseconds; a minute is ample.
 */
const REVOKED_MEMORY_MS = 60_000;

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
  private readonly revoked = new Map<string, number>();

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
    this.entries.set(deviceId, { ownerId: this.isRevoked(deviceId) ? null : ownerId, expiresAt: this.now() + this.ttlMs });
  }

  /** Revoked on this or another instance (told through Redis): refused from now on, never re-admitted by a late read. */
  revoke(deviceIds: string[]): void {
    const now = this.now();
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
    for (const id of deviceIds) {
      this.revoked.set(id, now + REVOKED_MEMORY_MS);
      this.entries.set(id, { ownerId: null, expiresAt: now + this.ttlMs });
    }
  }

  /** Revoked within the last minute; the socket server refuses such a device whose handshake overlapped the revocation. */
  isRevoked(deviceId: string): boolean {
    const until = this.revoked.get(deviceId);
    return until !== undefined && until > this.now();
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(id);
  }
}
