import { SCHEDULE_PRIORITY_DEFAULT, ZScheduleWrite, type TSchedule, type TScheduleWrite } from '@pano/contract';
import { dayFirst, readDayFirst } from '../../lib/date-text';
import { checkFields, type FieldErrors } from '../../lib/form-errors';

/**
 * The form as typed: dates ('GG.AA.YYYY') and priority stay text until submit; '' means "none"
 * for the optional ones. Exception dates are already read, YYYY-MM-DD.
 */
export type ScheduleDraft = {
  name: string;
  playlist: string;
  ticker: string;
  screens: string[];
  groups: string[];
  days: number[];
  startTime: string;
  endTime: string;
  startDate: string;
  endDate: string;
  exceptDates: string[];
  priority: string;
  enabled: boolean;
};

export const WEEKDAYS = [1, 2, 3, 4, 5];
export const WEEKEND = [6, 7];
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

export const emptyDraft = (): ScheduleDraft => ({
  name: '', playlist: '', ticker: '', screens: [], groups: [], days: [...WEEKDAYS], startTime: '09:00', endTime: '18:00',
  startDate: '', endDate: '', exceptDates: [], priority: String(SCHEDULE_PRIORITY_DEFAULT), enabled: true,
});

export function draftFromSchedule(s: TSchedule): ScheduleDraft {
  return {
    name: s.name,
    playlist: s.playlist._id,
    ticker: s.directionPlaylist?._id ?? '',
    screens: s.screens.map((x) => x._id),
    groups: s.groups.map((x) => x._id),
    days: [...s.days],
    startTime: s.startTime,
    endTime: s.endTime,
    startDate: dayFirst(s.startDate ?? ''),
    endDate: dayFirst(s.endDate ?? ''),
    exceptDates: [...s.exceptDates],
    priority: String(s.priority),
    enabled: s.enabled,
  };
}

/** An entry as the API wants it back (PUT replaces the whole entry). */
export function bodyFromSchedule(s: TSchedule): TScheduleWrite {
  return {
    name: s.name, playlist: s.playlist._id, directionPlaylist: s.directionPlaylist?._id ?? null,
    screens: s.screens.map((x) => x._id), groups: s.groups.map((x) => x._id), days: s.days,
    startTime: s.startTime, endTime: s.endTime, startDate: s.startDate, endDate: s.endDate,
    exceptDates: s.exceptDates, priority: s.priority, enabled: s.enabled,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** YYYY-MM-DD of a typed day, null for none or for a day that is no date (its error is kept apart). */
function readDate(field: string, text: string, errors: FieldErrors): string | null {
  const read = readDayFirst(text);
  if ('error' in read) errors[field] = read.error;
  return 'day' in read && read.day !== '' ? read.day : null;
}

/**
 * Checked with the contract's ZScheduleWrite, the rules and Turkish messages the server
 * applies, after the day-first dates are read; errors are keyed by field name (`days`,
 * `screens`, `exceptDates`, ...) in the form's order.
 */
export function toScheduleBody(d: ScheduleDraft): { body: TScheduleWrite } | { errors: FieldErrors } {
  const dateErrors: FieldErrors = {};
  const input = {
    name: d.name,
    playlist: d.playlist,
    directionPlaylist: orNull(d.ticker),
    screens: d.screens,
    groups: d.groups,
    days: d.days,
    startTime: d.startTime,
    endTime: d.endTime,
    startDate: readDate('startDate', d.startDate, dateErrors),
    endDate: readDate('endDate', d.endDate, dateErrors),
    exceptDates: d.exceptDates,
    priority: d.priority.trim(),
    enabled: d.enabled,
  };
  const checked = checkFields(ZScheduleWrite, input);
  if (!('errors' in checked) && Object.keys(dateErrors).length === 0) return { body: checked.data };
  const all: FieldErrors = { ...('errors' in checked ? checked.errors : {}), ...dateErrors };
  const order = Object.keys(input);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return { errors: Object.fromEntries(Object.entries(all).sort(([a], [b]) => rank(a) - rank(b))) };
}
