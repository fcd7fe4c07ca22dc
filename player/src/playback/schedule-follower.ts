import { resolveAt, sameOutcome, type ScheduleResolution, type ScreenSchedule } from '@pano/contract/schedule';
import { realClock, type SequenceClock } from './sequence.js';

/** setTimeout holds at most this many milliseconds (about 24.8 days); a longer wait re-arms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * How often the follower compares the wall clock with the boundary it waits for. A timer
 * runs on the monotonic clock, so a wall-clock jump (NTP, a manual change, a sleeping
 * device waking up) would otherwise leave the screen on the old content.
 */
export const CHECK_INTERVAL_MS = 1000;

/**
 * Keeps a screen on what its schedule says now (docs/architecture/scheduling.md#what-a-screen-shows):
 * resolves at start, sets one timer to the next boundary, and tells `onChange` only when the
 * resolution differs from the one before. Works offline: the schedule is all it reads.
 */
export class ScheduleFollower {
  private schedule: ScreenSchedule | null = null;
  private resolution: ScheduleResolution | null = null;
  private resolvedAt = 0;
  private timer: unknown = null;
  private checkTimer: unknown = null;

  constructor(
    private readonly onChange: (resolution: ScheduleResolution) => void,
    private readonly clock: SequenceClock = realClock,
    private readonly checkEveryMs: number = CHECK_INTERVAL_MS,
  ) {}

  get current(): ScheduleResolution | null {
    return this.resolution;
  }

  /** A new schedule (a new config): resolve now; `onChange` only if the outcome moved. */
  follow(schedule: ScreenSchedule): ScheduleResolution {
    this.schedule = schedule;
    this.resolve();
    if (this.checkTimer === null) this.armCheck();
    return this.resolution!;
  }

  /**
   * Cheap test for a missed boundary or a wall-clock jump: re-resolves only when the
   * boundary has passed or the clock went back before the last resolution. Also called on
   * page visibility changes.
   */
  check(): void {
    if (!this.schedule || !this.resolution) return;
    const now = this.clock.now();
    const { until } = this.resolution;
    if ((until !== null && now >= until) || now < this.resolvedAt) this.resolve();
  }

  stop(): void {
    this.clear();
    if (this.checkTimer !== null) this.clock.clearTimeout(this.checkTimer);
    this.checkTimer = null;
  }

  private resolve(): void {
    const now = this.clock.now();
    const next = resolveAt(this.schedule!, now);
    const before = this.resolution;
    this.resolution = next;
    this.resolvedAt = now;
    this.arm(next.until, now);
    if (!before || !sameOutcome(before, next)) this.onChange(next);
  }

  private arm(until: number | null, now: number): void {
    this.clear();
    if (until === null) return;
    const wait = Math.min(Math.max(0, until - now), MAX_TIMER_MS);
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      // Early (a re-armed long wait, or a timer a millisecond ahead of the wall clock):
      // wait for the rest; otherwise resolve at the boundary.
      if (this.clock.now() < until) this.arm(until, this.clock.now());
      else this.resolve();
    }, wait);
  }

  private armCheck(): void {
    this.checkTimer = this.clock.setTimeout(() => {
      this.check();
      this.armCheck();
    }, this.checkEveryMs);
  }

  private clear(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
