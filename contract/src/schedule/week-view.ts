import { DAY_MS, MINUTE_MS, formatCalendarDate, isoWeekday, parseCalendarDate } from './calendar.js';
import {
  type ScheduleOutcome, type ScreenSchedule,
  compiledSchedule, edgesOfDay, holdsAt, outcomeAtClock, sameOutcome,
} from './rules.js';

export interface WeekSegment extends ScheduleOutcome {
  /** Wall-clock minutes of the day, [startMinute, endMinute), 0-1440. */
  startMinute: number;
  endMinute: number;
}

export interface WeekDayView {
  date: string;
  weekday: number;
  segments: WeekSegment[];
}

export interface ScheduleConflict {
  date: string;
  startMinute: number;
  endMinute: number;
  priority: number;
  /** Two or more entries of this priority that hold together, by id. */
  scheduleIds: string[];
}

function dayOf(weekStart: string): number {
  const day = parseCalendarDate(weekStart);
  if (day === null) throw new RangeError(`not a calendar date: ${weekStart}`);
  return day;
}

/** Each day's clock edges with the day's own midnight and the next one, as [from, to) pieces. */
function piecesOfDay(edges: number[], midnight: number): Array<[number, number]> {
  const cuts = [midnight, ...edges.filter((edge) => edge > midnight), midnight + DAY_MS];
  const pieces: Array<[number, number]> = [];
  for (let i = 0; i + 1 < cuts.length; i++) pieces.push([cuts[i]!, cuts[i + 1]!]);
  return pieces;
}

const minuteOfDay = (clock: number, midnight: number): number => (clock - midnight) / MINUTE_MS;

/**
 * Seven days from `weekStart` ('YYYY-MM-DD'), each cut into what the screen shows, drawn
 * with the same resolution as resolveAt. The grid is wall-clock: a day always has 24
 * hours, so on a spring-forward day the skipped hour shows what would have played.
 */
export function weekView(schedule: ScreenSchedule, weekStart: string): WeekDayView[] {
  const compiled = compiledSchedule(schedule);
  const first = dayOf(weekStart);
  return Array.from({ length: 7 }, (_, index) => {
    const day = first + index;
    const midnight = day * DAY_MS;
    const segments: WeekSegment[] = [];
    for (const [from, to] of piecesOfDay(edgesOfDay(compiled, day), midnight)) {
      const outcome = outcomeAtClock(compiled, from);
      const last = segments.at(-1);
      if (last && sameOutcome(last, outcome)) last.endMinute = minuteOfDay(to, midnight);
      else segments.push({ ...outcome, startMinute: minuteOfDay(from, midnight), endMinute: minuteOfDay(to, midnight) });
    }
    return { date: formatCalendarDate(day), weekday: isoWeekday(day), segments };
  });
}

/**
 * Where enabled entries of equal priority hold at the same time in the week from
 * `weekStart`: the order between them then rests only on which was changed last, so the
 * dashboard marks them. Pass the entries of one screen (or one group).
 */
export function findConflicts(schedule: ScreenSchedule, weekStart: string): ScheduleConflict[] {
  const compiled = compiledSchedule(schedule);
  const first = dayOf(weekStart);
  const conflicts: ScheduleConflict[] = [];
  for (let day = first; day < first + 7; day++) {
    const midnight = day * DAY_MS;
    const open = new Map<string, ScheduleConflict>();
    for (const [from, to] of piecesOfDay(edgesOfDay(compiled, day), midnight)) {
      const byPriority = new Map<number, string[]>();
      for (const entry of compiled.entries) {
        if (!holdsAt(entry, from)) continue;
        const ids = byPriority.get(entry.entry.priority) ?? [];
        ids.push(entry.entry.id);
        byPriority.set(entry.entry.priority, ids);
      }
      const still = new Map<string, ScheduleConflict>();
      for (const [priority, ids] of byPriority) {
        if (ids.length < 2) continue;
        ids.sort();
        const key = `${priority}:${ids.join(',')}`;
        const previous = open.get(key);
        if (previous) previous.endMinute = minuteOfDay(to, midnight);
        const conflict = previous ?? {
          date: formatCalendarDate(day),
          startMinute: minuteOfDay(from, midnight),
          endMinute: minuteOfDay(to, midnight),
          priority,
          scheduleIds: ids,
        };
        if (!previous) conflicts.push(conflict);
        still.set(key, conflict);
      }
      open.clear();
      for (const [key, conflict] of still) open.set(key, conflict);
    }
  }
  return conflicts;
}
