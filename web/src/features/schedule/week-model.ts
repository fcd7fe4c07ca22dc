import {
  DAY_MS, DEFAULT_TIME_ZONE, entriesForScreen, findConflicts, formatCalendarDate, isoWeekday, parseCalendarDate,
  scheduleClockAt, weekView, zoneOrDefault,
  type ScheduleConflict, type ScheduleEntry, type ScheduleTargets, type ScreenSchedule, type TSchedule, type TScreen,
  type TScreenGroup, type WeekDayView,
} from '@pano/contract';

/** Whose week is drawn: one screen (with its groups, own playlist and zone) or one group. */
export type WeekTarget = { kind: 'screen'; screen: TScreen } | { kind: 'group'; group: TScreenGroup };

type TargetedEntry = ScheduleEntry & ScheduleTargets;

function toEntry(s: TSchedule): TargetedEntry {
  return {
    id: s._id, name: s.name, playlistId: s.playlist?._id ?? null, layoutId: s.layout?._id ?? null, tickerPlaylistId: s.directionPlaylist?._id ?? null,
    days: s.days, startTime: s.startTime, endTime: s.endTime, startDate: s.startDate, endDate: s.endDate,
    exceptDates: s.exceptDates, priority: s.priority, enabled: s.enabled, updatedAt: s.updatedAt,
    screenIds: s.screens.map((x) => x._id), groupIds: s.groups.map((x) => x._id),
  };
}

/**
 * The input of the resolution for the target, as the player gets it (docs/architecture/scheduling.md#what-a-screen-shows):
 * a screen's entries through entriesForScreen with its own playlist as the default, in its zone;
 * a group's own entries with no default (its screens' playlists differ), in the default zone.
 */
export function scheduleFor(target: WeekTarget, schedules: readonly TSchedule[]): ScreenSchedule {
  const entries = schedules.map(toEntry);
  if (target.kind === 'screen') {
    const { screen } = target;
    return {
      timezone: screen.timezone,
      defaultPlaylistId: screen.currentPlaylist?._id ?? null,
      defaultLayoutId: screen.currentLayout?._id ?? null,
      defaultTickerPlaylistId: screen.currentDirectionPlaylist?._id ?? null,
      entries: entriesForScreen(entries, { id: screen._id, groupIds: screen.groups.map((g) => g._id) }),
    };
  }
  return {
    timezone: DEFAULT_TIME_ZONE,
    defaultPlaylistId: null,
    defaultTickerPlaylistId: null,
    entries: entries.filter((e) => e.groupIds.includes(target.group._id)),
  };
}

/** Playlist and layout names by id (ids are unique across both): the entries' and the screen's own. */
export function playlistNames(target: WeekTarget, schedules: readonly TSchedule[]): Map<string, string> {
  const names = new Map(schedules.flatMap((s) => [s.playlist, s.layout].flatMap((x) => (x ? [[x._id, x.name] as const] : []))));
  if (target.kind === 'screen') {
    for (const own of [target.screen.currentPlaylist, target.screen.currentLayout]) if (own) names.set(own._id, own.name);
  }
  return names;
}

/** Where the zone's wall clock stands at an instant: its date, minute of day, and the Monday of that week. */
export function clockAt(zone: string | null | undefined, instant: number): { date: string; minute: number; weekStart: string } {
  const wall = scheduleClockAt(zoneOrDefault(zone), instant);
  const day = Math.floor(wall / DAY_MS);
  return {
    date: formatCalendarDate(day),
    minute: (wall - day * DAY_MS) / 60_000,
    weekStart: formatCalendarDate(day - (isoWeekday(day) - 1)),
  };
}

/** The Monday `weeks` weeks after (before, when negative) `weekStart`. */
export function shiftWeek(weekStart: string, weeks: number): string {
  const day = parseCalendarDate(weekStart);
  return day === null ? weekStart : formatCalendarDate(day + weeks * 7);
}

/** The Sunday of the week that starts on `weekStart`. */
export function lastDayOfWeek(weekStart: string): string {
  const day = parseCalendarDate(weekStart);
  return day === null ? weekStart : formatCalendarDate(day + 6);
}

export type TargetWeek = { days: WeekDayView[]; conflicts: ScheduleConflict[]; zone: string };

export function targetWeek(target: WeekTarget, schedules: readonly TSchedule[], weekStart: string): TargetWeek {
  const schedule = scheduleFor(target, schedules);
  return { days: weekView(schedule, weekStart), conflicts: findConflicts(schedule, weekStart), zone: zoneOrDefault(schedule.timezone) };
}

/**
 * Dark enough for white text (4.5:1 or more), none of them red, which marks conflicts and now;
 * the screen's own playlist is grey.
 */
export const SCHEDULE_COLOURS = ['#1d4ed8', '#047857', '#7e22ce', '#b45309', '#be185d', '#0e7490', '#4d7c0f', '#4338ca'] as const;

/** Each entry's colour by id, by its place in the list (the oldest first), so it keeps it from week to week. */
export function scheduleColours(schedules: readonly TSchedule[]): Map<string, string> {
  return new Map(schedules.map((s, i) => [s._id, SCHEDULE_COLOURS[i % SCHEDULE_COLOURS.length]!]));
}

/** Conflicts of the same entries at the same hours on several days, once with their days (ISO weekdays). */
export type ConflictRun = { weekdays: number[]; startMinute: number; endMinute: number; scheduleIds: string[] };

export function conflictRuns(week: TargetWeek): ConflictRun[] {
  const runs = new Map<string, ConflictRun>();
  for (const c of week.conflicts) {
    const weekday = week.days.find((d) => d.date === c.date)?.weekday;
    if (weekday === undefined) continue;
    const key = `${c.startMinute}-${c.endMinute}-${[...c.scheduleIds].sort().join(',')}`;
    const run = runs.get(key);
    if (run) run.weekdays.push(weekday);
    else runs.set(key, { weekdays: [weekday], startMinute: c.startMinute, endMinute: c.endMinute, scheduleIds: c.scheduleIds });
  }
  return [...runs.values()];
}
