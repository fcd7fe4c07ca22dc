import { describe, expect, it } from 'vitest';
import { DeviceLookupCache } from './device-lookup-cache.js';

describe('DeviceLookupCache revocation', () => {
  it('refuses a revoked device at once, and a read that began before the revocation cannot re-admit it', () => {
    let now = 0;
    const cache = new DeviceLookupCache(5_000, () => now);
    cache.set('d1', 'owner');
    expect(cache.get('d1')).toBe('owner');

    cache.revoke(['d1']);
    expect(cache.get('d1')).toBeNull();
    expect(cache.isRevoked('d1')).toBe(true);
    // The late answer of a read that saw the row before the revocation committed.
    cache.set('d1', 'owner');
    expect(cache.get('d1')).toBeNull();

    // Another device is untouched; after a minute the database answers for the revoked one alone.
    cache.set('d2', 'owner');
    expect(cache.get('d2')).toBe('owner');
    now += 60_001;
    expect(cache.isRevoked('d1')).toBe(false);
    expect(cache.get('d1')).toBeUndefined();
  });
});
