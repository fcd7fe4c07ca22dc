import { SCHEDULE_PRIORITY_DEFAULT, ZScheduleWrite, type TSchedule, type TScheduleWrite } from '@pano/contract';
import { z } from '@pano/contract/zod';
import { dayFirst, readDayFirst } from '../../lib/date-text';
import { checkFields, type FieldErrors } from '../../lib/form-errors';
import { layoutChoice, layoutOfChoice } from '../../components/content/content-options';

/**
 * The form as typed: dates ('GG.AA.YYYY') and priority stay text until submit; '' means "none"
 * for the optional ones. Exception dates are already read, YYYY-MM-DD; `exceptDate` is the one
 * typed but not added yet. Fields carry the request's names, so a message lands on its field.
 */
const ZScheduleDraftFields = z.object({
  name: z.string(),
  /** A playlist id, or a layout's as the content select names it (docs/PRODUCT.md#schedule). */
  playlist: z.string(),
  directionPlaylist: z.string(),
  screens: z.array(z.string()),
  groups: z.array(z.string()),
  days: z.array(z.number()),
  startTime: z.string(),
  endTime: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  exceptDates: z.array(z.string()),
  exceptDate: z.string(),
  priority: z.string(),
  enabled: z.boolean(),
});
export type ScheduleDraft = z.infer<typeof ZScheduleDraftFields>;

export const WEEKDAYS = [1, 2, 3, 4, 5];
export const WEEKEND = [6, 7];
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

export const emptyDraft = (): ScheduleDraft => ({
  name: '', playlist: '', directionPlaylist: '', screens: [], groups: [], days: [...WEEKDAYS], startTime: '09:00', endTime: '18:00',
  startDate: '', endDate: '', exceptDates: [], exceptDate: '', priority: String(SCHEDULE_PRIORITY_DEFAULT), enabled: true,
});

export function draftFromSchedule(s: TSchedule): ScheduleDraft {
  return {
    name: s.name,
    playlist: s.layout ? layoutChoice(s.layout._id) : s.playlist?._id ?? '',
    directionPlaylist: s.directionPlaylist?._id ?? '',
    screens: s.screens.map((x) => x._id),
    groups: s.groups.map((x) => x._id),
    days: [...s.days],
    startTime: s.startTime,
    endTime: s.endTime,
    startDate: dayFirst(s.startDate ?? ''),
    endDate: dayFirst(s.endDate ?? ''),
    exceptDates: [...s.exceptDates],
    exceptDate: '',
    priority: String(s.priority),
    enabled: s.enabled,
  };
}

/** An entry as the API wants it back (PUT replaces the whole entry). */
export function bodyFromSchedule(s: TSchedule): TScheduleWrite {
  return {
    name: s.name, playlist: s.playlist?._id ?? null, ...(s.layout ? { layout: s.layout._id } : {}), directionPlaylist: s.directionPlaylist?._id ?? null,
    screens: s.screens.map((x) => x._id), groups: s.groups.map((x) => x._id), days: s.days,
    startTime: s.startTime, endTime: s.endTime, startDate: s.startDate, endDate: s.endDate,
    exceptDates: s.exceptDates, priority: s.priority, enabled: s.enabled,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** YYYY-MM-DD of a typed day, null for none or for a day that is no date (its message is kept apart). */
function readDate(field: keyof ScheduleDraft, text: string, errors: FieldErrors): string | null {
  const read = readDayFirst(text);
  if ('error' in read) errors[field] = read.error;
  return 'day' in read && read.day !== '' ? read.day : null;
}

/**
 * The form's values as the request, checked with the contract's ZScheduleWrite (the rules and
 * Turkish messages the server applies) after the day-first dates are read. A day that is no date
 * is reported beside the contract's messages, not instead of them, so this is one transform
 * rather than a pipe (a pipe stops at its first stage's messages). One message a field, under
 * the field's own name, in the form's order; an exception typed but not added is not sent, but
 * not left behind silently when it is no date.
 */
export const ZScheduleDraft = ZScheduleDraftFields.transform((d, ctx) => {
  const dateErrors: FieldErrors = {};
  const layout = layoutOfChoice(d.playlist);
  const input = {
    name: d.name,
    playlist: layout === null ? orNull(d.playlist) : null,
    layout,
    // A layout's zones carry their own tickers: the ticker select is off and not sent.
    directionPlaylist: layout === null ? orNull(d.directionPlaylist) : null,
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
  readDate('exceptDate', d.exceptDate, dateErrors);
  const checked = checkFields(ZScheduleWrite, input);
  if ('data' in checked && Object.keys(dateErrors).length === 0) {
    // A playlist entry is sent as before layouts existed: no `layout` field at all.
    const { layout: shown, ...rest } = checked.data;
    return shown === null ? rest : checked.data;
  }
  const all: FieldErrors = { ...('errors' in checked ? checked.errors : {}), ...dateErrors };
  const order = Object.keys(d);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  for (const [key, message] of Object.entries(all).sort(([a], [b]) => rank(a) - rank(b))) ctx.addIssue({ code: 'custom', message, path: [key] });
  return z.NEVER;
});
