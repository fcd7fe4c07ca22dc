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
