/**
 * docs/PRODUCT.md#constants: the ticker moves 2 × speed px every 20 ms, i.e. speed × 100 px/s. Motion is
 * computed from frame deltas, so a slow frame moves further instead of slowing the text.
 */
export const MIN_SPEED = 1;
export const MAX_SPEED = 5;
export const DEFAULT_SPEED = 3;
const PX_PER_STEP_PER_SPEED = 2;
const STEP_MS = 20;
/** A frame gap longer than this (tab hidden, device asleep) is not caught up in one jump. */
const MAX_FRAME_MS = 250;

export function clampSpeed(speed: number | null | undefined): number {
  if (typeof speed !== 'number' || !Number.isFinite(speed)) return DEFAULT_SPEED;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, Math.round(speed)));
}

export function pxPerSecond(speed: number): number {
  return (clampSpeed(speed) * PX_PER_STEP_PER_SPEED * 1000) / STEP_MS;
}

/**
 * Offset of a strip holding the texts twice. `copyWidth` is the width of one copy
 * including its trailing 5em gap: when the first copy has scrolled fully out, the second
 * copy sits exactly where the first began, so wrapping by `copyWidth` is invisible.
 */
export class TickerMotion {
  offset = 0;
  constructor(public speed: number, public copyWidth = 0) {}

  step(deltaMs: number): number {
    const dt = Math.min(Math.max(deltaMs, 0), MAX_FRAME_MS);
    this.offset -= (pxPerSecond(this.speed) * dt) / 1000;
    if (this.copyWidth > 0) {
      while (-this.offset >= this.copyWidth) this.offset += this.copyWidth;
    }
    return this.offset;
  }
}

export type FrameScheduler = {
  request(cb: (time: number) => void): number;
  cancel(handle: number): void;
};

const browserFrames: FrameScheduler = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (h) => cancelAnimationFrame(h),
};

/** Drives `motion` from requestAnimationFrame and hands each new offset to `apply`. Returns a stop function. */
export function runTicker(motion: TickerMotion, apply: (offset: number) => void, frames: FrameScheduler = browserFrames): () => void {
  let last: number | null = null;
  let handle = 0;
  let running = true;
  const frame = (time: number) => {
    if (!running) return;
    if (last !== null) apply(motion.step(time - last));
    last = time;
    handle = frames.request(frame);
  };
  handle = frames.request(frame);
  return () => {
    running = false;
    frames.cancel(handle);
  };
}
