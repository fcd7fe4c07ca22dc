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
 * Moves `strip`, which holds the texts twice, as a Web Animation of its transform: the compositor
 * runs it without the main thread, so a ticker beside a video zone costs no script in any frame
 * (docs/PERFORMANCE.md#layout-playback-p15). `retime()` starts it with the width of one copy
 * (its texts and their trailing 5em gaps: when the first copy has scrolled fully out, the second
 * sits exactly where the first began, so starting over after it is invisible), and takes a new
 * width or speed from where the text is. A browser without Web Animations shows the text still.
 */
export function scrollStrip(strip: HTMLElement, speed: number): { retime(change: { width?: number; speed?: number }): void; stop(): void } {
  let width = 0;
  let animation: Animation | undefined;
  const retime = (change: { width?: number; speed?: number }) => {
    // Where the strip is now, in px of the copy it was scrolling (0 once stopped).
    const done = (animation?.effect?.getComputedTiming().progress ?? 0) * width;
    animation?.cancel();
    width = change.width ?? width;
    speed = change.speed ?? speed;
    if (width <= 0 || typeof strip.animate !== 'function') return;
    const duration = (width / pxPerSecond(speed)) * 1000;
    // Linear (the default easing), one copy's width per round, for good.
    animation = strip.animate([{ transform: 'translateX(0)' }, { transform: `translateX(${-width}px)` }], { duration, iterations: Infinity });
    animation.currentTime = ((done % width) / width) * duration;
  };
  return { retime, stop: () => animation?.cancel() };
}
