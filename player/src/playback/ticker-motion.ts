/**
 * docs/PRODUCT.md#constants: the ticker moves 2 × speed px every 20 ms, i.e. speed × 100 px/s.
 */
export const MIN_SPEED = 1;
export const MAX_SPEED = 5;
export const DEFAULT_SPEED = 3;
const PX_PER_STEP_PER_SPEED = 2;
const STEP_MS = 20;

export function clampSpeed(speed: number | null | undefined): number {
  if (typeof speed !== 'number' || !Number.isFinite(speed)) return DEFAULT_SPEED;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, Math.round(speed)));
}

export function pxPerSecond(speed: number): number {
  return (clampSpeed(speed) * PX_PER_STEP_PER_SPEED * 1000) / STEP_MS;
}

/**
 * What moves a strip holding the texts twice: its speed and `copyWidth`, the width of one copy
 * including its trailing 5em gap. When the first copy has scrolled fully out, the second sits
 * exactly where the first began, so starting over after `copyWidth` is invisible.
 */
export class TickerMotion {
  constructor(public speed: number, public copyWidth = 0) {}
}

/**
 * Moves `strip` by `motion` as a Web Animation of its transform, which the compositor runs
 * without the main thread: a ticker beside a video zone costs no script in any frame
 * (docs/PERFORMANCE.md#layout-playback-p15). `retime()` starts it, and takes a new `copyWidth` or
 * `speed` from where the text is. A browser without Web Animations shows the text standing still.
 */
export function scrollStrip(strip: HTMLElement, motion: TickerMotion): { retime(): void; stop(): void } {
  let running: { animation: Animation; width: number } | null = null;
  const retime = () => {
    // Where the strip is now, in px of the copy it was scrolling.
    const done = running ? (running.animation.effect?.getComputedTiming().progress ?? 0) * running.width : 0;
    running?.animation.cancel();
    running = null;
    const width = motion.copyWidth;
    if (width <= 0 || typeof strip.animate !== 'function') return;
    const duration = (width / pxPerSecond(motion.speed)) * 1000;
    // Linear (the default easing), one copy's width per round, for good.
    running = { animation: strip.animate([{ transform: 'translateX(0)' }, { transform: `translateX(${-width}px)` }], { duration, iterations: Infinity }), width };
    running.animation.currentTime = ((done % width) / width) * duration;
  };
  return { retime, stop: () => running?.animation.cancel() };
}
