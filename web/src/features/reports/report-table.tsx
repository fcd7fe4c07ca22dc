import type { TPlaysReport } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatNumber } from '../../lib/format';
import { formatAirtime, formatShare, rowLabel } from './report-format';

const t = tr.reports;

/** The report's rows and their total: the numbers, and the chart's text alternative. */
export function ReportTable({ report, caption }: { report: TPlaysReport; caption: string }) {
  const { rows, total, by } = report;
  return (
    <div className="table-wrap">
      <table className="table report-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.colName}</th>
            <th scope="col" className="num">{t.colPlays}</th>
            <th scope="col" className="num">{t.colDuration}</th>
            <th scope="col" className="num">{t.colShare}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-testid="report-row">
              <th scope="row" className="report-name">{rowLabel(r, by)}</th>
              <td className="num" data-label={t.colPlays}>{formatNumber(r.plays)}</td>
              <td className="num" data-label={t.colDuration}>{formatAirtime(r.seconds)}</td>
              <td className="num" data-label={t.colShare}>{formatShare(r.seconds, total.seconds)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="report-total">
            <th scope="row">{t.total}</th>
            <td className="num" data-label={t.colPlays}>{formatNumber(total.plays)}</td>
            <td className="num" data-label={t.colDuration}>{formatAirtime(total.seconds)}</td>
            <td className="num" data-label={t.colShare}>{formatShare(total.seconds, total.seconds)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
