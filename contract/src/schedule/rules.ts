import { DAY_MS, MINUTE_MS, isoWeekday, parseCalendarDate, parseTimeOfDay } from './calendar.js';
import { zoneOrDefault } from './time-zone.js';

/**
 * One schedule entry as the resolution reads it: only entries that can apply to the
 * screen (targeting is settled before, see entriesForScreen), with playlists as ids.
 */
export interface ScheduleEntry {
  id: string;
  name?: string;
  /** Null when the entry shows a layout (`layoutId`) instead. */
  playlistId: string | null;
  /** The layout the entry shows instead of a playlist (docs/architecture/scheduling.md#layouts-in-schedules). */
  layoutId?: string | null;
  /** Ignored for a layout entry: a layout's zones carry their own tickers. */
  tickerPlaylistId: string | null;
  /** ISO weekdays the window starts on: 1 = Monday … 7 = Sunday. */
  days: readonly number[];
  /** 'HH:MM'. The window is [start, end); end before start crosses midnight; equal = all day. */
  startTime: string;
  endTime: string;
  /** 'YYYY-MM-DD', inclusive, compared with the day a window starts. */
  startDate?: string | null;
  endDate?: string | null;
  /** A window starting on one of these days does not run. */
  exceptDates?: readonly string[];
  /** 1-10; higher wins. */
  priority: number;
  enabled: boolean;
  /** ISO instant or epoch milliseconds: among equal priorities the latest change wins. */
  updatedAt: string | number;
}

/** Everything that decides what one screen shows. Treat it as immutable: build a new one on change. */
export interface ScreenSchedule {
  /** IANA name; missing or unknown means DEFAULT_TIME_ZONE. */
  timezone?: string | null;
  /** The screen's own assignment: shown when no entry holds. */
  defaultPlaylistId: string | null;
  /** The screen's own layout, shown when no entry holds (it replaces the default playlist and ticker). */
  defaultLayoutId?: string | null;
  defaultTickerPlaylistId: string | null;
  entries: readonly ScheduleEntry[];
}

export type ScheduleSource = 'schedule' | 'default' | 'none';

export interface ScheduleOutcome {
  playlistId: string | null;
  /** The layout shown (then playlistId and tickerPlaylistId are null); null: a playlist or nothing. */
  layoutId: string | null;
  tickerPlaylistId: string | null;
  source: ScheduleSource;
  scheduleId: string | null;
}

interface CompiledEntry {
  entry: ScheduleEntry;
  weekdays: number;
  startMs: number;
  /** Milliseconds after the start day's midnight (wall clock); up to 2 days for midnight crossers. */
  endMs: number;
  firstDay: number;
  lastDay: number;
  exceptDays: ReadonlySet<number>;
  outcome: ScheduleOutcome;
}

export interface CompiledSchedule {
  zone: string;
  /** Enabled, valid entries in precedence order: the first that holds wins. */
  entries: readonly CompiledEntry[];
  fallback: ScheduleOutcome;
  /** Day numbers where some entry stops repeating weekly (date range edges, exceptions). */
  changeDays: readonly number[];
}

function changedAt(entry: ScheduleEntry): number {
  const value = typeof entry.updatedAt === 'number' ? entry.updatedAt : Date.parse(entry.updatedAt);
  return Number.isFinite(value) ? value : 0;
}

/** Priority high to low, then most recently changed, then id: the same order for every caller. */
export function precedes(a: ScheduleEntry, b: ScheduleEntry): number {
  return b.priority - a.priority || changedAt(b) - changedAt(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function compileEntry(entry: ScheduleEntry, defaultTicker: string | null): CompiledEntry | null {
  const start = parseTimeOfDay(entry.startTime);
  const end = parseTimeOfDay(entry.endTime);
  if (start === null || end === null) return null;
  const firstDay = entry.startDate ? parseCalendarDate(entry.startDate) : -Infinity;
  const lastDay = entry.endDate ? parseCalendarDate(entry.endDate) : Infinity;
  if (firstDay === null || lastDay === null) return null;
  let weekdays = 0;
  for (const day of entry.days) if (Number.isInteger(day) && day >= 1 && day <= 7) weekdays |= 1 << day;
  const exceptDays = new Set<number>();
  for (const date of entry.exceptDates ?? []) {
    const day = parseCalendarDate(date);
    if (day !== null) exceptDays.add(day);
  }
  // Equal times mean the whole day the window starts on, whatever the time given.
  const from = start === end ? 0 : start;
  const to = start === end ? 1440 : end > start ? end : end + 1440;
  return {
    entry,
    weekdays,
    startMs: from * MINUTE_MS,
    endMs: to * MINUTE_MS,
    firstDay,
    lastDay,
    exceptDays,
    // A layout replaces the playlist and the ticker bar: its zones carry their own.
    outcome: entry.layoutId ? {
      playlistId: null,
      layoutId: entry.layoutId,
      tickerPlaylistId: null,
      source: 'schedule',
      scheduleId: entry.id,
    } : {
      playlistId: entry.playlistId,
      layoutId: null,
      tickerPlaylistId: entry.tickerPlaylistId ?? defaultTicker,
      source: 'schedule',
      scheduleId: entry.id,
    },
  };
}

function compileSchedule(schedule: ScreenSchedule): CompiledSchedule {
  const defaultLayout = schedule.defaultLayoutId ?? null;
  const defaultTicker = defaultLayout ? null : schedule.defaultTickerPlaylistId ?? null;
  const entries = schedule.entries
    .filter((entry) => entry.enabled)
    .sort(precedes)
    .map((entry) => compileEntry(entry, defaultTicker))
    .filter((entry): entry is CompiledEntry => entry !== null && (entry.outcome.playlistId ?? entry.outcome.layoutId) !== null && entry.weekdays !== 0 && entry.firstDay <= entry.lastDay);
  const changeDays = new Set<number>();
  for (const entry of entries) {
    if (Number.isFinite(entry.firstDay)) changeDays.add(entry.firstDay);
    if (Number.isFinite(entry.lastDay)) changeDays.add(entry.lastDay + 1);
    for (const day of entry.exceptDays) {
      changeDays.add(day);
      changeDays.add(day + 1);
    }
  }
  return {
    zone: zoneOrDefault(schedule.timezone),
    entries,
    fallback: {
      playlistId: defaultLayout ? null : schedule.defaultPlaylistId ?? null,
      layoutId: defaultLayout,
      tickerPlaylistId: defaultTicker,
      source: schedule.defaultPlaylistId || defaultLayout ? 'default' : 'none',
      scheduleId: null,
    },
    changeDays: [...changeDays].sort((a, b) => a - b),
  };
}

const compiled = new WeakMap<ScreenSchedule, CompiledSchedule>();

/** The player asks every second with the same object: parse it once. */
export function compiledSchedule(schedule: ScreenSchedule): CompiledSchedule {
  let result = compiled.get(schedule);
  if (!result) {
    result = compileSchedule(schedule);
    compiled.set(schedule, result);
  }
  return result;
}

/** Whether the entry has a window starting on this day (weekday, date range, exceptions). */
export function startsOn(entry: CompiledEntry, day: number): boolean {
  return (entry.weekdays & (1 << isoWeekday(day))) !== 0
    && day >= entry.firstDay && day <= entry.lastDay && !entry.exceptDays.has(day);
}

/** Whether the entry's rule holds at a schedule-clock time (see scheduleClockAt). */
export function holdsAt(entry: CompiledEntry, wall: number): boolean {
  const day = Math.floor(wall / DAY_MS);
  const sinceMidnight = wall - day * DAY_MS;
  if (sinceMidnight >= entry.startMs && sinceMidnight < entry.endMs && startsOn(entry, day)) return true;
  return sinceMidnight + DAY_MS < entry.endMs && startsOn(entry, day - 1);
}

export function outcomeAtClock(schedule: CompiledSchedule, wall: number): ScheduleOutcome {
  for (const entry of schedule.entries) if (holdsAt(entry, wall)) return entry.outcome;
  return schedule.fallback;
}

export function sameOutcome(a: ScheduleOutcome, b: ScheduleOutcome): boolean {
  return a.playlistId === b.playlistId && a.layoutId === b.layoutId && a.tickerPlaylistId === b.tickerPlaylistId
    && a.source === b.source && a.scheduleId === b.scheduleId;
}

/** Schedule-clock times within a day where some window starts or ends, ascending. */
export function edgesOfDay(schedule: CompiledSchedule, day: number): number[] {
  const midnight = day * DAY_MS;
  const edges = new Set<number>();
  for (const entry of schedule.entries) {
    if (startsOn(entry, day)) {
      edges.add(midnight + entry.startMs);
      if (entry.endMs < DAY_MS) edges.add(midnight + entry.endMs);
    }
    if (entry.endMs >= DAY_MS && startsOn(entry, day - 1)) edges.add(midnight + entry.endMs - DAY_MS);
  }
  return [...edges].sort((a, b) => a - b);
}
