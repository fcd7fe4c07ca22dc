import './reports.css';
import { useState } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { formatNumber } from '../../lib/format';
import { Banner, Button, EmptyState, PageHeader, Spinner } from '../../components/ui';
import { isAdmin, useSession } from '../../stores/session-store';
import { useMediaList } from '../../api/media.api';
import { useScreenGroups } from '../../api/screen-groups.api';
import { useScreens } from '../../api/screens.api';
import { useDownloadReport } from './api/use-download-report';
import { usePlaysReport } from './api/use-plays-report';
import { ReportChart, type ChartMetric } from './report-chart';
import { GROUPINGS, ReportFiltersForm } from './report-filters';
import { formatAirtime } from './report-format';
import { defaultFilters, reportQuery, type ReportFilters } from './report-period';
import { ReportTable } from './report-table';

const t = tr.reports;

/**
 * docs/PRODUCT.md#reports: plays and airtime over a period, filtered and grouped, as a chart,
 * a table and a CSV file. `now` fixes "today" (tests); without it, the clock when the page opens.
 * Plays are counted per customer: an admin who opens the address gets the reason, and no calls.
 */
export function ReportsPage({ now }: { now?: number } = {}) {
  const admin = isAdmin(useSession((s) => s.user));
  if (admin) {
    return (
      <div className="page reports-page">
        <PageHeader title={t.title} />
        <Banner tone="info">{t.customersOnly}</Banner>
      </div>
    );
  }
  return <Reports fixedNow={now} />;
}

function Reports({ fixedNow }: { fixedNow?: number }) {
  const [now] = useState(() => fixedNow ?? Date.now());
  const [filters, setFilters] = useState<ReportFilters>(() => defaultFilters(now));
  const [metric, setMetric] = useState<ChartMetric>('plays');
  const screens = useScreens();
  const groups = useScreenGroups();
  const media = useMediaList();
  const checked = reportQuery(filters, t);
  const query = 'query' in checked ? checked.query : null;
  const report = usePlaysReport(query);
  const download = useDownloadReport();

  const onChange = (next: ReportFilters) => {
    download.reset();
    setFilters(next);
  };
  const header = (
    <PageHeader title={t.title} lead={t.lead} actions={
      <Button variant="secondary" busy={download.isPending} busyText={t.downloading} disabled={query === null}
        onClick={() => query !== null && download.mutate(query)}>
        {t.download}
      </Button>
    } />
  );
  // One spinner until the choices and the first answer are in, so nothing jumps as each arrives.
  if (screens.isPending || groups.isPending || media.isPending || (report.isPending && query !== null)) {
    return <div className="page reports-page">{header}<Spinner /></div>;
  }

  const data = report.data;
  const byLabel = GROUPINGS.find((g) => g.value === (data?.by ?? filters.by))?.label ?? '';
  const listError = screens.error ?? groups.error ?? media.error;
  return (
    <div className="page reports-page">
      {header}
      {download.isError && <Banner tone="error" onDismiss={download.reset}>{errorMessage(download.error, t.downloadError)}</Banner>}
      {listError && <Banner tone="error">{errorMessage(listError, t.loadError)}</Banner>}
      <ReportFiltersForm filters={filters} errors={'errors' in checked ? checked.errors : {}} now={now}
        screens={screens.data ?? []} groups={groups.data ?? []} media={media.data ?? []} zones={data?.zones ?? []} onChange={onChange} />
      {report.isError && <Banner tone="error">{errorMessage(report.error, t.loadError)}</Banner>}
      {data && query !== null && !report.isError && (
        <div className={`report-result${report.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={report.isFetching || undefined} data-testid="report-result">
          {data.total.plays === 0 ? (
            <EmptyState title={t.empty} hint={t.emptyHint} icon="▥" />
          ) : (
            <>
              <p className="report-summary" data-testid="report-summary">{t.summary(formatNumber(data.total.plays), formatAirtime(data.total.seconds))}</p>
              <ReportChart report={data} metric={metric} onMetric={setMetric} byLabel={byLabel} />
              <h2 className="section-title">{t.tableTitle}</h2>
              <ReportTable report={data} caption={`${t.title}: ${byLabel}`} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
