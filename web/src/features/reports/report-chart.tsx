import { useId } from 'react';
import type { TPlaysReport, TPlaysReportRow, TReportGrouping } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatNumber } from '../../lib/format';
import { axisLabel, formatAirtime, isTimeGrouping, rowLabel, timeBuckets } from './report-format';

const t = tr.reports;

export type ChartMetric = 'plays' | 'seconds';

/** Bars for media, screens and groups: the largest ones; the table has them all. */
export const CHART_TOP = 15;
/** Labels under a time axis, at most: more would overlap on a phone. */
const AXIS_LABELS = 7;

const valueText = (row: TPlaysReportRow, metric: ChartMetric) =>
  metric === 'plays' ? formatNumber(row.plays) : formatAirtime(row.seconds);

function Bars({ rows, metric, by }: { rows: TPlaysReportRow[]; metric: ChartMetric; by: TReportGrouping }) {
  const top = [...rows].sort((a, b) => b[metric] - a[metric]).slice(0, CHART_TOP);
  const max = Math.max(...top.map((r) => r[metric]), 0);
  return (
    <>
      <ul className="report-bars" aria-hidden="true">
        {top.map((r) => (
          <li key={r.key} className="report-bar" data-testid="chart-bar">
            <span className="report-bar-name" title={rowLabel(r, by)}>{rowLabel(r, by)}</span>
            <span className="report-bar-track">
              <span className="report-bar-fill" style={{ width: `${max > 0 ? (r[metric] / max) * 100 : 0}%` }} />
            </span>
            <span className="report-bar-value">{valueText(r, metric)}</span>
          </li>
        ))}
      </ul>
      {rows.length > top.length && <p className="muted report-chart-note">{t.chartTop(top.length, rows.length)}</p>}
    </>
  );
}

/**
 * Which columns get a label: every `step`-th from the first, and (days) the last when it is
 * not crowding the one before; every other label is minor (a phone shows only the others).
 * Hours keep to their midnights: a lone '23' at the end reads as noise.
 */
export function axisTicks(n: number, withLast = true): { i: number; minor: boolean }[] {
  const step = Math.max(1, Math.ceil(n / AXIS_LABELS));
  const at: number[] = [];
  for (let i = 0; i < n; i += step) at.push(i);
  const last = at.at(-1) ?? 0;
  if (withLast && n - 1 - last >= Math.max(1, step / 2)) at.push(n - 1);
  return at.map((i, k) => ({ i, minor: k % 2 === 1 && k !== at.length - 1 }));
}

/** Columns over time, in SVG scaled to the width: hundreds of hours still fit a phone. */
function Columns({ report, metric }: { report: TPlaysReport; metric: ChartMetric }) {
  const buckets = timeBuckets(report);
  const n = Math.max(buckets.length, 1);
  const max = Math.max(...buckets.map((b) => b[metric]), 0);
  const peak = buckets.find((b) => b[metric] === max);
  return (
    <div className="report-columns" aria-hidden="true">
      {peak && max > 0 && <p className="muted report-chart-note">{t.chartMax(`${valueText(peak, metric)} · ${rowLabel(peak, report.by)}`)}</p>}
      <svg className="report-columns-svg" viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" focusable="false">
        <line x1="0" x2={n} y1="100" y2="100" className="report-axis-line" vectorEffect="non-scaling-stroke" />
        {buckets.map((b, i) => {
          const h = max > 0 ? (b[metric] / max) * 100 : 0;
          return (
            <rect key={b.key} x={i + 0.12} width={0.76} y={100 - h} height={h} className="report-column" data-testid="chart-column">
              <title>{`${rowLabel(b, report.by)}: ${valueText(b, metric)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="report-axis">
        {axisTicks(n, report.by === 'day').map(({ i, minor }) => {
          const b = buckets[i]!;
          const at = (i + 0.5) / n;
          const align = i === 0 ? ' is-first' : at > 0.9 ? ' is-last' : '';
          return (
            <span key={b.key} className={`report-axis-label${align}${minor ? ' is-minor' : ''}`} style={{ left: `${at * 100}%` }}>
              {axisLabel(b.key, report.by)}
            </span>
          );
        })}
      </div>
    </div>
  );
}

type Props = { report: TPlaysReport; metric: ChartMetric; onMetric: (m: ChartMetric) => void; byLabel: string };

/**
 * docs/PRODUCT.md#reports: horizontal bars for media, screens and groups, columns over days
 * and hours. Drawn with plain HTML and SVG (no chart library in the bundle); the drawing is
 * hidden from screen readers, whose caption sends them to the table with the same numbers.
 */
export function ReportChart({ report, metric, onMetric, byLabel }: Props) {
  const captionId = useId();
  const name = useId();
  const metricName = metric === 'plays' ? t.metricPlays : t.metricSeconds;
  return (
    <figure className="card report-chart" aria-labelledby={captionId}>
      <div className="report-chart-head">
        <h2 className="card-title">{t.chartTitle}</h2>
        <fieldset className="report-metric">
          <legend className="sr-only">{t.metricLabel}</legend>
          {(['plays', 'seconds'] as const).map((m) => (
            <label key={m} className={`report-metric-option${metric === m ? ' checked' : ''}`}>
              <input type="radio" name={name} value={m} checked={metric === m} onChange={() => onMetric(m)} />
              {m === 'plays' ? t.metricPlays : t.metricSeconds}
            </label>
          ))}
        </fieldset>
      </div>
      {isTimeGrouping(report.by) ? <Columns report={report} metric={metric} /> : <Bars rows={report.rows} metric={metric} by={report.by} />}
      <figcaption id={captionId} className="sr-only">{t.chartAlt(byLabel, metricName)}</figcaption>
    </figure>
  );
}
