import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clampSpeed, pxPerSecond, runTicker, TickerMotion } from './ticker-motion.js';

describe('ticker motion', () => {
  it('moves 2 × speed px per 20 ms', () => {
    for (const speed of [1, 2, 3, 4, 5]) {
      const m = new TickerMotion(speed);
      expect(m.step(20)).toBeCloseTo(-2 * speed);
      expect(pxPerSecond(speed)).toBe(speed * 100);
    }
  });

  it('clamps speeds to 1-5 and defaults to 3', () => {
    expect(clampSpeed(0)).toBe(1);
    expect(clampSpeed(9)).toBe(5);
    expect(clampSpeed(undefined)).toBe(3);
    expect(clampSpeed(Number.NaN)).toBe(3);
  });

  it('wraps by one copy width once the first copy has scrolled out', () => {
    const m = new TickerMotion(5, 600); // 500 px/s
    m.step(200); // -100
    m.step(200);
    m.step(200);
    m.step(200);
    m.step(200); // -500
    expect(m.offset).toBeCloseTo(-500);
    m.step(200); // -600 → wraps to 0
    expect(m.offset).toBeCloseTo(0);
    m.step(100);
    expect(m.offset).toBeCloseTo(-50);
  });

  it('does not leap after a long pause', () => {
    const m = new TickerMotion(1, 10_000);
    m.step(60_000);
    expect(m.offset).toBeCloseTo(-25); // capped at 250 ms of motion
  });

  describe('runTicker with requestAnimationFrame', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date', 'setTimeout'] }));
    afterEach(() => vi.useRealTimers());

    it('moves by frame deltas: speed × 100 px per second of frames', () => {
      const offsets: number[] = [];
      const motion = new TickerMotion(3, 100_000);
      const stop = runTicker(motion, (o) => offsets.push(o));
      vi.advanceTimersByTime(1000);
      stop();
      expect(offsets.length).toBeGreaterThan(30);
      // The first frame only records its time and the last may fall short of 1000 ms: up to two 16 ms frames are missing.
      expect(motion.offset).toBeLessThanOrEqual(-300 + 3 * 100 * 0.033);
      expect(motion.offset).toBeGreaterThanOrEqual(-300);
      const after = offsets.length;
      vi.advanceTimersByTime(500);
      expect(offsets.length).toBe(after); // stopped
    });

    it('picks up a speed change on the next frame', () => {
      const motion = new TickerMotion(1, 100_000);
      const stop = runTicker(motion, () => {});
      vi.advanceTimersByTime(1000);
      const at = motion.offset;
      motion.speed = 5;
      vi.advanceTimersByTime(1000);
      stop();
      expect(motion.offset - at).toBeCloseTo(-500, -1);
    });
  });
});
