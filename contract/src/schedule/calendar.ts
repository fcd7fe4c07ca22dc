/** Wall-clock arithmetic without a time zone: minutes of a day, calendar days as numbers. */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'HH:MM' (00:00-23:59) → minutes since midnight, or null when it is not such a time. */
export function parseTimeOfDay(text: string): number | null {
  const match = TIME_OF_DAY.exec(text);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

export function formatTimeOfDay(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * 'YYYY-MM-DD' → the day number (days since 1970-01-01), or null when it is not a real
 * calendar date ('2026-02-29' is not).
 */
export function parseCalendarDate(text: string): number | null {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return Math.round(date.getTime() / DAY_MS);
}

export function formatCalendarDate(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number; 1970-01-01 was a Thursday. */
export function isoWeekday(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7 + 1;
}
