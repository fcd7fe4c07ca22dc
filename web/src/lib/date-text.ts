import { isCalendarDate } from '@pano/contract';
import { tr } from '../i18n/tr';

/*
 * Dates are typed day-first, 'GG.AA.YYYY', in a text field: Chromium draws <input type="date">
 * in the browser's own language whatever the page's lang ('11/27/2026' in an English browser).
 * The API keeps its YYYY-MM-DD (docs/PRODUCT.md#schedule).
 */

const DAY_FIRST = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-11-27' → '27.11.2026'; '' stays ''. */
export function dayFirst(day: string): string {
  const m = ISO_DAY.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}

/** The API's YYYY-MM-DD of a day typed 'GG.AA.YYYY' ('' for an empty field), or the Turkish reason it is none. */
export function readDayFirst(text: string): { day: string } | { error: string } {
  const typed = text.trim();
  if (typed === '') return { day: '' };
  const m = DAY_FIRST.exec(typed);
  if (!m) return { error: tr.dateField.format };
  const day = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isCalendarDate(day) ? { day } : { error: tr.dateField.noSuchDate };
}
