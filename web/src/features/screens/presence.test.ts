import { describe, expect, it } from 'vitest';
import { applyStatus, presenceFromList } from './presence';

describe('screen presence', () => {
  it('builds the map from GET /api/devices/presence and applies screen:status events', () => {
    let map = presenceFromList([
      { screenId: 'a', online: false, lastSeenAt: '2025-01-01T10:00:00Z' },
      { screenId: 'b', online: false, lastSeenAt: null },
    ]);
    map = applyStatus(map, { screenId: 'a', online: true, lastSeenAt: '2025-01-02T10:00:00Z', version: 'v1' });
    expect(map.a).toEqual({ online: true, lastSeenAt: '2025-01-02T10:00:00Z' });
    expect(map.b).toEqual({ online: false, lastSeenAt: null });
  });

  it('keeps the known last-seen time when an event carries none', () => {
    const map = applyStatus({ a: { online: true, lastSeenAt: '2025-01-01T10:00:00Z' } },
      { screenId: 'a', online: false, lastSeenAt: null, version: null });
    expect(map.a).toEqual({ online: false, lastSeenAt: '2025-01-01T10:00:00Z' });
  });
});
