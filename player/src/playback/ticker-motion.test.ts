import { describe, expect, it } from 'vitest';
import { clampSpeed, pxPerSecond } from './ticker-motion.js';

// How the strip moves, in Chromium: e2e/tests/ticker-animation.test.ts.

describe('ticker motion', () => {
  it('moves 2 × speed px per 20 ms', () => {
    for (const speed of [1, 2, 3, 4, 5]) expect(pxPerSecond(speed)).toBe(speed * 100);
  });

  it('clamps speeds to 1-5 and defaults to 3', () => {
    expect(clampSpeed(0)).toBe(1);
    expect(clampSpeed(9)).toBe(5);
    expect(clampSpeed(undefined)).toBe(3);
    expect(clampSpeed(Number.NaN)).toBe(3);
  });
});
