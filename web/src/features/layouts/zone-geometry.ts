/*
 * The editor's arithmetic (docs/PRODUCT.md#layouts): rectangles in percent of the screen, two
 * decimals, kept inside the screen, at least 1 % wide and high. A drag snaps to the 1 % grid and,
 * when an edge comes near another zone's edge (or the screen's), to that edge.
 */

export type Rect = { x: number; y: number; width: number; height: number };

/** Which edges a resize handle moves: n(orth), s(outh), e(ast), w(est). */
export type Handle = 'nw' | 'ne' | 'sw' | 'se';

const MIN_SIZE = 1;
/** How near (percent) an edge must come to another before it sticks to it. */
const SNAP_DISTANCE = 1.5;

/** Two decimals, as the contract stores them, without float noise (0.1 + 0.2). */
const round2 = (n: number) => Math.round(n * 100) / 100;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Edges along one axis that a moving edge may stick to: the screen's and the other zones'. */
function edgesOf(others: readonly Rect[], axis: 'x' | 'y'): number[] {
  const size = axis === 'x' ? 'width' : 'height';
  return [0, 100, ...others.flatMap((r) => [r[axis], round2(r[axis] + r[size])])];
}

/** The nearest edge within SNAP_DISTANCE of `value`, or null. */
function nearEdge(value: number, edges: readonly number[]): number | null {
  let best: number | null = null;
  for (const e of edges) {
    if (Math.abs(e - value) <= SNAP_DISTANCE && (best === null || Math.abs(e - value) < Math.abs(best - value))) best = e;
  }
  return best;
}

/** A moving edge: another's edge when near, else the 1 % grid. */
const snapEdge = (value: number, edges: readonly number[]) => nearEdge(value, edges) ?? Math.round(value);

/**
 * Where a zone dragged by (dx, dy) percent lands: its size kept, its start edge (or its end edge,
 * whichever is nearer another's) snapped, the whole inside the screen.
 */
export function moveRect(start: Rect, dx: number, dy: number, others: readonly Rect[]): Rect {
  const axis = (pos: number, size: number, edges: readonly number[]) => {
    const from = pos;
    const to = pos + size;
    const a = nearEdge(from, edges);
    const b = nearEdge(to, edges);
    let next: number;
    if (a !== null && (b === null || Math.abs(a - from) <= Math.abs(b - to))) next = a;
    else if (b !== null) next = b - size;
    else next = Math.round(from);
    return round2(clamp(next, 0, 100 - size));
  };
  return {
    ...start,
    x: axis(start.x + dx, start.width, edgesOf(others, 'x')),
    y: axis(start.y + dy, start.height, edgesOf(others, 'y')),
  };
}

/** A zone resized by dragging one corner by (dx, dy) percent; the opposite corner stays. */
export function resizeRect(start: Rect, handle: Handle, dx: number, dy: number, others: readonly Rect[]): Rect {
  const xs = edgesOf(others, 'x');
  const ys = edgesOf(others, 'y');
  let left = start.x;
  let right = start.x + start.width;
  let top = start.y;
  let bottom = start.y + start.height;
  if (handle.includes('w')) left = clamp(snapEdge(left + dx, xs), 0, right - MIN_SIZE);
  if (handle.includes('e')) right = clamp(snapEdge(right + dx, xs), left + MIN_SIZE, 100);
  if (handle.includes('n')) top = clamp(snapEdge(top + dy, ys), 0, bottom - MIN_SIZE);
  if (handle.includes('s')) bottom = clamp(snapEdge(bottom + dy, ys), top + MIN_SIZE, 100);
  return { x: round2(left), y: round2(top), width: round2(right - left), height: round2(bottom - top) };
}

/** An arrow key: move by 1 % (resize the width or height with Shift), kept inside the screen. */
export function nudgeRect(r: Rect, key: string, resize: boolean): Rect | null {
  const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!d) return null;
  const [dx, dy] = d as [number, number];
  if (resize) {
    return {
      ...r,
      width: round2(clamp(r.width + dx, MIN_SIZE, 100 - r.x)),
      height: round2(clamp(r.height + dy, MIN_SIZE, 100 - r.y)),
    };
  }
  return { ...r, x: round2(clamp(r.x + dx, 0, 100 - r.width)), y: round2(clamp(r.y + dy, 0, 100 - r.height)) };
}
