import type { TReportGrouping } from '@pano/contract';

/*
 * The report's filters and the query string they make. Days are whole days on the
 * Europe/Istanbul clock, the server's default for reports (docs/PRODUCT.md#reports), so the
 * presets and the server agree on where "today" starts wherever the browser is.
 */

export const REPORT_ZONE = 'Europe/Istanbul';

export type ReportPreset = 'last7' | 'last30' | 'thisMonth';
export const REPORT_PRESETS: ReportPreset[] = ['last7', 'last30', 'thisMonth'];

export type ReportFilters = {
  from: string;
  to: string;
  screen: string;
  group: string;
  media: string;
  /** A layout zone's name ('' for all): offered only once the report lists zones. */
  zone: string;
  by: TReportGrouping;
};

export type FilterErrors = { from?: string; to?: string };

const dayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of the instant on the report's clock. */
export function dayAt(now: number): string {
  return dayFmt.format(new Date(now));
}

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Inclusive periods ending today: the last 7 days are today and the 6 before it. */
export function presetPeriod(preset: ReportPreset, now: number): { from: string; to: string } {
  const today = dayAt(now);
  if (preset === 'last7') return { from: addDays(today, -6), to: today };
  if (preset === 'last30') return { from: addDays(today, -29), to: today };
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The preset the period equals, if any (its button shows as pressed). */
export function presetOf(from: string, to: string, now: number): ReportPreset | null {
  return REPORT_PRESETS.find((p) => {
    const period = presetPeriod(p, now);
    return period.from === from && period.to === to;
  }) ?? null;
}

export function defaultFilters(now: number): ReportFilters {
  return { ...presetPeriod('last7', now), screen: '', group: '', media: '', zone: '', by: 'media' };
}

/**
 * `GET /api/reports/plays` query for the filters (empty selects are left out), or the
 * field errors that keep it from being asked. The server checks the same rules again.
 */
export function reportQuery(
  f: ReportFilters,
  texts: { fromRequired: string; toRequired: string; toBeforeFrom: string },
): { query: string } | { errors: FilterErrors } {
  const errors: FilterErrors = {};
  if (!f.from) errors.from = texts.fromRequired;
  if (!f.to) errors.to = texts.toRequired;
  else if (f.from && f.to < f.from) errors.to = texts.toBeforeFrom;
  if (errors.from || errors.to) return { errors };
  const params = new URLSearchParams({ from: f.from, to: f.to });
  if (f.screen) params.set('screen', f.screen);
  if (f.group) params.set('group', f.group);
  if (f.media) params.set('media', f.media);
  if (f.zone) params.set('zone', f.zone);
  params.set('by', f.by);
  return { query: params.toString() };
}
