import { z } from './zod.js';

/**
 * The years any date or instant a request carries may fall in (docs/PRODUCT.md#api). zod and
 * JavaScript take year 0 and 5-digit years; PostgreSQL refused '0000-01-01' (22008, a 500)
 * after validation had passed. An instant counts in UTC: 0001-01-01T00:00:00+14:00 is year 0.
 */
export const DATE_YEAR_MIN = 1970;
export const DATE_YEAR_MAX = 9999;
export const DATE_RANGE_MESSAGE = `Tarih ${DATE_YEAR_MIN} ile ${DATE_YEAR_MAX} yılları arasında olmalıdır`;

const FIRST_MS = Date.UTC(DATE_YEAR_MIN, 0, 1);
const LAST_MS = Date.UTC(DATE_YEAR_MAX, 11, 31, 23, 59, 59, 999);

/** An instant (ms or an ISO string with its offset) in the range; false for what is no instant. */
export const isInstantInRange = (at: number | string): boolean => {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return ms >= FIRST_MS && ms <= LAST_MS;
};

/** A 'YYYY-MM-DD' wall-clock day in the range (its form is checked on its own). */
export const isDayInRange = (day: string): boolean => {
  const year = Number(day.slice(0, 4));
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
};

const YYYY_MM_DD = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day: 2026-02-30 matches the pattern but is no date. */
export const isCalendarDate = (s: string): boolean => {
  if (!YYYY_MM_DD.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/**
 * The one 'YYYY-MM-DD' day a request may carry (schedules' dates, the plays report's and the
 * audit log's filters): the form (`form`), a day the calendar has (`noSuchDay`, the form's message
 * unless given; 2026-02-30 passed a pattern and became an invalid Date, a 500) and the years.
 */
export const ZCalendarDay = (form: string, noSuchDay = form) => z.string({ error: form })
  .regex(YYYY_MM_DD, { error: form, abort: true })
  .refine(isCalendarDate, { error: noSuchDay, abort: true })
  .refine(isDayInRange, DATE_RANGE_MESSAGE);
