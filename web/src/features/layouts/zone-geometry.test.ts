import { describe, expect, it } from 'vitest';
import { moveRect, nudgeRect, resizeRect } from './zone-geometry';

const zone = { x: 10, y: 10, width: 30, height: 20 };

describe('zone geometry', () => {
  it('a drag snaps the zone to the 1 % grid', () => {
    expect(moveRect(zone, 5.37, 2.61, [])).toEqual({ x: 15, y: 13, width: 30, height: 20 });
  });

  it("a drag sticks to a neighbour's edge when it comes near, start or end edge", () => {
    const other = { x: 50.5, y: 0, width: 49.5, height: 100 };
    // Right edge at 49.7: sticks to the neighbour's left edge 50.5.
    expect(moveRect(zone, 9.7, 0, [other]).x).toBe(20.5);
    // Left edge at 51.2: sticks to 50.5.
    expect(moveRect(zone, 41.2, 0, [other]).x).toBe(50.5);
  });

  it('keeps the zone inside the screen', () => {
    expect(moveRect(zone, 200, -50, [])).toEqual({ x: 70, y: 0, width: 30, height: 20 });
  });

  it('a corner resizes with the opposite corner kept, never below 1 %', () => {
    expect(resizeRect(zone, 'se', 10.2, 4.8, [])).toEqual({ x: 10, y: 10, width: 40, height: 25 });
    expect(resizeRect(zone, 'nw', -3.4, 2, [])).toEqual({ x: 7, y: 12, width: 33, height: 18 });
    expect(resizeRect(zone, 'ne', -100, -100, [])).toEqual({ x: 10, y: 0, width: 1, height: 30 });
  });

  it('arrow keys move by 1 %, with Shift resize, inside the screen', () => {
    expect(nudgeRect(zone, 'ArrowRight', false)).toEqual({ x: 11, y: 10, width: 30, height: 20 });
    expect(nudgeRect(zone, 'ArrowUp', true)).toEqual({ x: 10, y: 10, width: 30, height: 19 });
    expect(nudgeRect({ x: 70, y: 0, width: 30, height: 1 }, 'ArrowRight', false)?.x).toBe(70);
    expect(nudgeRect({ x: 70, y: 0, width: 30, height: 1 }, 'ArrowUp', true)?.height).toBe(1);
    expect(nudgeRect(zone, 'Enter', false)).toBeNull();
  });
});
