import { SCHEDULE_PRIORITY_DEFAULT, ZScheduleWrite, type TSchedule, type TScheduleWrite } from '@pano/contract';
import { checkFields, type FieldErrors } from '../../lib/form-errors';

/** The form as typed: dates and priority stay text until submit; '' means "none" for the optional ones. */
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
    startDate: s.startDate ?? '',
    endDate: s.endDate ?? '',
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

/**
 * Checked with the contract's ZScheduleWrite, the rules and Turkish messages the server
 * applies; errors are keyed by field name (`days`, `screens`, `exceptDates`, ...).
 */
export function toScheduleBody(d: ScheduleDraft): { body: TScheduleWrite } | { errors: FieldErrors } {
  const checked = checkFields(ZScheduleWrite, {
    name: d.name,
    playlist: d.playlist,
    directionPlaylist: orNull(d.ticker),
    screens: d.screens,
    groups: d.groups,
    days: d.days,
    startTime: d.startTime,
    endTime: d.endTime,
    startDate: orNull(d.startDate),
    endDate: orNull(d.endDate),
    exceptDates: d.exceptDates,
    priority: d.priority.trim(),
    enabled: d.enabled,
  });
  return 'errors' in checked ? checked : { body: checked.data };
}
