import type { TSchedule } from '@pano/contract';
import { EVERY_DAY, WEEKDAYS, WEEKEND } from './schedule-draft';
import { trSchedule } from '../../i18n/tr-schedule';
import { formatDate } from '../../lib/format';

const t = trSchedule;
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** 'Pzt, Çar, Cum'; the usual sets by name ('Hafta içi', 'Hafta sonu', 'Her gün'). */
export function daysText(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (same(sorted, EVERY_DAY)) return t.everyDayShort;
  if (same(sorted, WEEKDAYS)) return t.weekdays;
  if (same(sorted, WEEKEND)) return t.weekend;
  return sorted.map((d) => t.dayShort[d - 1] ?? String(d)).join(', ');
}

/** '12:00–13:30'; equal times run all day: 'Tüm gün'. */
export function windowText(startTime: string, endTime: string): string {
  return startTime === endTime ? t.allDay : `${startTime}–${endTime}`;
}

/** The calendar dates as dd.mm.yyyy, or null when the entry runs without dates. */
export function dateRangeText(s: Pick<TSchedule, 'startDate' | 'endDate'>): string | null {
  const day = (iso: string) => formatDate(`${iso}T12:00:00`);
  if (s.startDate && s.endDate) return `${day(s.startDate)} – ${day(s.endDate)}`;
  if (s.startDate) return t.from(day(s.startDate));
  if (s.endDate) return t.until(day(s.endDate));
  return null;
}

/** 'HH:MM' of minutes since midnight (1440 is the day's end, 24:00). */
export function minuteText(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = Math.round(minute % 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * The schedules of a conflict by name, in alphabetical order: the ids come in the order the
 * schedules were read, which two saved in the same instant do not fix.
 */
export function conflictNames(ids: readonly string[], scheduleNames: ReadonlyMap<string, string>): string {
  return ids.map((id) => scheduleNames.get(id) ?? id).sort((a, b) => a.localeCompare(b, 'tr')).join(', ');
}
