import type { TPlaysReport, TPlaysReportRow, TReportGrouping } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatNumber, formatPercent } from '../../lib/format';
import { addDays } from './report-period';

const t = tr.reports;

/** Airtime in whole seconds as Turkish writes it: '1 sa 2 dk 5 sn', '45 sn', '0 sn'. */
export function formatAirtime(seconds: number): string {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = [
    h > 0 ? `${formatNumber(h)} ${t.hours}` : '',
    m > 0 ? `${m} ${t.minutes}` : '',
    s > 0 ? `${s} ${t.seconds}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : `0 ${t.seconds}`;
}

/** A row's share of the period's airtime, one decimal: '%42,5'. */
export function formatShare(seconds: number, totalSeconds: number): string {
  return formatPercent(totalSeconds > 0 ? Math.round((seconds / totalSeconds) * 1000) / 10 : 0);
}

export const isTimeGrouping = (by: TReportGrouping) => by === 'day' || by === 'hour';

const weekday = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 is Sunday; the list starts on Monday.
  return t.dayShort[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
};
const dotted = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/**
 * What the table shows for a row: the server's name for media, screens and groups; for days
 * and hours the key on the Turkish calendar ('24.11.2026 Sal', '24.11.2026 14:00').
 */
export function rowLabel(row: TPlaysReportRow, by: TReportGrouping): string {
  if (by === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(row.key)) return `${dotted(row.key)} ${weekday(row.key)}`;
  if (by === 'hour' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(row.key)) return `${dotted(row.key.slice(0, 10))} ${row.key.slice(11)}`;
  return row.name || row.key;
}

/** The short label under a time bar: '24.11' for a day, '14' for an hour ('24.11' at midnight). */
export function axisLabel(key: string, by: TReportGrouping): string {
  const day = `${key.slice(8, 10)}.${key.slice(5, 7)}`;
  if (by === 'hour' && key.slice(11, 13) !== '00') return key.slice(11, 13);
  return day;
}

/** More bars than this and a time chart draws only the buckets that have plays. */
export const MAX_TIME_BUCKETS = 24 * 62;

/**
 * Every day (or hour) of the period in order, the ones without plays as zero, so the time
 * axis is even; the server answers only the buckets that have plays.
 */
export function timeBuckets(report: TPlaysReport): TPlaysReportRow[] {
  const byKey = new Map(report.rows.map((r) => [r.key, r]));
  const days: string[] = [];
  for (let d = report.from; d <= report.to && days.length <= MAX_TIME_BUCKETS; d = addDays(d, 1)) days.push(d);
  const keys = report.by === 'hour'
    ? days.flatMap((d) => Array.from({ length: 24 }, (_, h) => `${d} ${String(h).padStart(2, '0')}:00`))
    : days;
  if (keys.length > MAX_TIME_BUCKETS || !/^\d{4}-\d{2}-\d{2}$/.test(report.from)) return report.rows;
  // A key the calendar did not make (should not happen) must not vanish: then only the rows.
  const known = new Set(keys);
  if (report.rows.some((r) => !known.has(r.key))) return report.rows;
  return keys.map((key) => byKey.get(key) ?? { key, name: key, plays: 0, seconds: 0 });
}
