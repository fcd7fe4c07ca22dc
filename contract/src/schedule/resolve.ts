import { DAY_MS } from './calendar.js';
import {
  type CompiledSchedule, type ScheduleOutcome, type ScreenSchedule,
  compiledSchedule, edgesOfDay, outcomeAtClock, sameOutcome,
} from './rules.js';
import { instantOfScheduleClock, scheduleClockAt } from './time-zone.js';

export interface ScheduleResolution extends ScheduleOutcome {
  /** Epoch milliseconds of the next instant at which the resolution changes; null: never. */
  until: number | null;
}

/** Days of one weekly pattern plus the day a midnight-crossing window spills into. */
const PERIOD_DAYS = 7;

/** The first index in a sorted list whose value is greater than `day`. */
function firstAfter(days: readonly number[], day: number): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (days[middle]! <= day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The first schedule-clock time after `from` at which the outcome differs from `current`,
 * or null when it never does. Days are walked one by one; between two change days every
 * entry repeats weekly, so seven whole days without a change mean none until the next
 * change day, and the walk jumps there.
 */
function nextChangeOnClock(schedule: CompiledSchedule, from: number, current: ScheduleOutcome): number | null {
  if (schedule.entries.length === 0) return null;
  const { changeDays } = schedule;
  const firstDay = Math.floor(from / DAY_MS);
  let quietDays = 0;
  for (let day = firstDay; ; day++) {
    for (const edge of edgesOfDay(schedule, day)) {
      if (edge > from && !sameOutcome(outcomeAtClock(schedule, edge), current)) return edge;
    }
    // A day's pattern repeats weekly unless the day itself is a change day.
    const regular = day !== firstDay && changeDays[firstAfter(changeDays, day - 1)] !== day;
    quietDays = regular ? quietDays + 1 : 0;
    if (quietDays >= PERIOD_DAYS) {
      const next = changeDays[firstAfter(changeDays, day)];
      if (next === undefined) return null;
      day = next - 1;
      quietDays = 0;
    }
  }
}

/** Spring-forward gaps can fold several clock edges into one instant: at most this many. */
const FOLDED_EDGES = 64;

function untilAfter(schedule: CompiledSchedule, clock: number, current: ScheduleOutcome): number | null {
  let from = clock;
  for (let step = 0; step < FOLDED_EDGES; step++) {
    const edge = nextChangeOnClock(schedule, from, current);
    if (edge === null) return null;
    const instant = instantOfScheduleClock(schedule.zone, edge);
    const reached = scheduleClockAt(schedule.zone, instant);
    if (!sameOutcome(outcomeAtClock(schedule, reached), current)) return instant;
    from = Math.max(reached, edge);
  }
  return null;
}

/**
 * What the screen shows at an instant and until when (docs/architecture/scheduling.md#what-a-screen-shows):
 * the enabled entry whose rule holds, highest priority first, then most recently changed,
 * then lowest id; none → the screen's own playlist ('default'); no playlist either → 'none'.
 * The ticker is the winning entry's when it has one, else the screen's own.
 */
export function resolveAt(schedule: ScreenSchedule, at: number | Date): ScheduleResolution {
  const compiled = compiledSchedule(schedule);
  const instant = typeof at === 'number' ? at : at.getTime();
  const clock = scheduleClockAt(compiled.zone, instant);
  const current = outcomeAtClock(compiled, clock);
  return { ...current, until: untilAfter(compiled, clock, current) };
}

/**
 * The next instant after `at` at which what the screen shows changes (null: never): the
 * one moment a player needs a timer for. setTimeout holds at most 2^31-1 ms (about 24.8
 * days), so a caller waiting longer re-arms.
 */
export function nextBoundary(schedule: ScreenSchedule, at: number | Date): number | null {
  return resolveAt(schedule, at).until;
}
