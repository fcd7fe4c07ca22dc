import { z } from './zod.js';
import { ZId, lowerCaseId, ZIsoDate, numberField, requiredText } from './common.js';
import { ZCalendarDay } from './dates.js';
import { ZUsedBy } from './usage.js';
import { listAnswer } from './lists.js';

/*
 * Schedule entries ('Zamanlama') on the wire: docs/PRODUCT.md#schedules-api. Days, hours and
 * dates are the screen's wall clock in its own time zone, so they travel as written.
 */

export const SCHEDULE_PRIORITY_MIN = 1;
export const SCHEDULE_PRIORITY_MAX = 10;
export const SCHEDULE_PRIORITY_DEFAULT = 5;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (field: string) => {
  const message = `${field} SS:DD biçiminde olmalıdır (ör. 09:00)`;
  return z.string({ error: message }).regex(HH_MM, message);
};

const DATE_MESSAGE = 'Geçersiz tarih: YYYY-AA-GG biçiminde girin (ör. 2026-01-31)';
const ZDate = ZCalendarDay(DATE_MESSAGE);

const DAY_RANGE = 'Günler 1 (Pazartesi) ile 7 (Pazar) arasında olmalıdır';
const ZDays = z.array(z.number({ error: DAY_RANGE }).int(DAY_RANGE).min(1, DAY_RANGE).max(7, DAY_RANGE), {
  error: 'Lütfen en az bir gün seçin',
})
  .min(1, 'Lütfen en az bir gün seçin')
  .refine((days) => new Set(days).size === days.length, 'Bir gün birden fazla seçilemez')
  .transform((days) => [...days].sort((a, b) => a - b));

const PRIORITY_RANGE = `Öncelik ${SCHEDULE_PRIORITY_MIN} ile ${SCHEDULE_PRIORITY_MAX} arasında olmalıdır`;
const ZPriority = numberField(PRIORITY_RANGE).pipe(
  z.number().int(PRIORITY_RANGE).min(SCHEDULE_PRIORITY_MIN, PRIORITY_RANGE).max(SCHEDULE_PRIORITY_MAX, PRIORITY_RANGE),
);

/** Missing both, or sending both: an entry shows exactly one thing (docs/PRODUCT.md#schedule). */
export const SCHEDULE_CONTENT_MESSAGE = 'Lütfen bir playlist ya da bir yerleşim seçiniz';
const LAYOUT_TICKER_MESSAGE = 'Yerleşim seçildiğinde reji playlisti seçilemez: yerleşimin bölgeleri kendi rejilerini gösterir';

const ZContentId = z.string({ error: SCHEDULE_CONTENT_MESSAGE }).min(1, SCHEDULE_CONTENT_MESSAGE).uuid('Geçersiz kimlik').transform(lowerCaseId);

const ids = (error: string, max: number, tooMany: string) => z.array(ZId, { error }).max(max, tooMany);

/**
 * POST /api/schedules and PUT /api/schedules/{id} (PUT replaces the whole entry, as the form
 * sends it). Repeated screen or group ids are ignored; repeated days or dates are refused.
 */
export const ZScheduleWrite = z.object({
  name: requiredText('Lütfen zamanlama adını girin', 100),
  /** Exactly one of `playlist` and `layout` (a layout id instead of a playlist, docs/PRODUCT.md#schedule). */
  playlist: ZContentId.nullable().optional().transform((v) => v ?? null),
  layout: ZContentId.nullable().optional().transform((v) => v ?? null),
  directionPlaylist: ZId.nullable().optional().transform((v) => v ?? null),
  screens: ids('Geçersiz ekran listesi', 500, 'En fazla 500 ekran seçilebilir').optional().default([]),
  groups: ids('Geçersiz ekran grubu listesi', 100, 'En fazla 100 ekran grubu seçilebilir').optional().default([]),
  days: ZDays,
  startTime: time('Başlangıç saati'),
  endTime: time('Bitiş saati'),
  startDate: ZDate.nullable().optional().transform((v) => v ?? null),
  endDate: ZDate.nullable().optional().transform((v) => v ?? null),
  exceptDates: z.array(ZDate, { error: DATE_MESSAGE }).max(366, 'En fazla 366 istisna tarihi eklenebilir')
    .refine((d) => new Set(d).size === d.length, 'Bir tarih istisnalara birden fazla eklenemez')
    .optional().default([])
    .transform((d) => [...d].sort()),
  priority: ZPriority.optional().default(SCHEDULE_PRIORITY_DEFAULT),
  enabled: z.boolean({ error: 'Geçersiz değer' }).optional().default(true),
}).strict()
  .refine((s) => (s.playlist === null) !== (s.layout === null), { message: SCHEDULE_CONTENT_MESSAGE, path: ['playlist'] })
  .refine((s) => s.layout === null || s.directionPlaylist === null, { message: LAYOUT_TICKER_MESSAGE, path: ['directionPlaylist'] })
  .refine((s) => s.screens.length > 0 || s.groups.length > 0, {
    message: 'Lütfen en az bir ekran veya ekran grubu seçin', path: ['screens'],
  })
  .refine((s) => !s.startDate || !s.endDate || s.endDate >= s.startDate, {
    message: 'Bitiş tarihi başlangıç tarihinden önce olamaz', path: ['endDate'],
  });
export type TScheduleWrite = z.input<typeof ZScheduleWrite>;

export const ZSchedule = z.object({
  _id: ZId,
  name: z.string(),
  /** Null when the entry shows a layout. */
  playlist: ZUsedBy.nullable(),
  /** The layout the entry shows instead of a playlist; optional: older answers have none. */
  layout: ZUsedBy.nullable().optional(),
  directionPlaylist: ZUsedBy.nullable(),
  /** Ordered by name. */
  screens: z.array(ZUsedBy),
  groups: z.array(ZUsedBy),
  days: z.array(z.number().int()),
  startTime: z.string(),
  endTime: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  exceptDates: z.array(z.string()),
  priority: z.number().int(),
  enabled: z.boolean(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TSchedule = z.infer<typeof ZSchedule>;

/** GET /api/schedules: the array, or an object wrapping it (docs/CONTRACT.md#lists). */
export const ZScheduleListAnswer = listAnswer(ZSchedule, 'schedules');
