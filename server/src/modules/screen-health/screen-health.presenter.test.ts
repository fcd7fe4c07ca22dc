import { describe, expect, it } from 'vitest';
import type { ScreenHealth } from '../../db/generated/client.js';
import { isProblem, presentScreenHealth, troubleSince } from './screen-health.presenter.js';
import type { ScreenHealthSource } from './screen-health.service.js';

// docs/architecture/devices.md#health: when a screen's trouble began, computed when read.
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));
const row = (over: Partial<ScreenHealth>): ScreenHealth => ({
  screenId: 's', report: null, reportedAt: null, failingSince: null, screenshotAt: null, screenshotKind: null, ...over,
});
const source = (lastSeenAt: Date | null, health: ScreenHealth | null, devices = [{ id: 'd' }]): ScreenHealthSource => ({
  id: 's', ownerId: 'o', lastSeenAt, health, devices,
});

describe('troubleSince', () => {
  it('online: only a failing report counts', () => {
    expect(troubleSince(source(at(1), null), true)).toBeNull();
    expect(troubleSince(source(at(1), row({ reportedAt: at(5) })), true)).toBeNull();
    expect(troubleSince(source(at(1), row({ reportedAt: at(5), failingSince: at(3) })), true)).toEqual(at(3));
  });

  it('offline: since a player was last there (the later of last seen and the last report), or since it failed when earlier', () => {
    expect(troubleSince(source(at(1), row({ reportedAt: at(5) })), false)).toEqual(at(5));
    expect(troubleSince(source(at(7), row({ reportedAt: at(5) })), false)).toEqual(at(7));
    expect(troubleSince(source(at(7), null), false)).toEqual(at(7));
    expect(troubleSince(source(at(7), row({ reportedAt: at(5), failingSince: at(2) })), false)).toEqual(at(2));
  });

  it('a screen no player ever showed is not in trouble', () => {
    expect(troubleSince(source(null, null), false)).toBeNull();
    expect(troubleSince(source(null, row({ screenshotAt: at(1) })), false)).toBeNull();
  });
});

describe('a screen no device shows (never paired, moved away or removed)', () => {
  // Issue #21: a device that visited for 2 s left its old screen 'Sorunlu' for good.
  it('is not in trouble and carries no report, whatever its last player left behind', () => {
    const left = source(at(1), row({ reportedAt: at(2), failingSince: at(1), report: { failing: true } }), []);
    expect(troubleSince(left, false)).toBeNull();
    expect(presentScreenHealth(left, false, 5, at(59))).toMatchObject({ report: null, reportedAt: null, troubleSince: null, problem: false });
  });
});

describe('isProblem', () => {
  it('once the trouble lasted the warning time', () => {
    expect(isProblem(null, 5, at(30))).toBe(false);
    expect(isProblem(at(0), 5, at(4))).toBe(false);
    expect(isProblem(at(0), 5, at(5))).toBe(true);
  });
});
