import './admin-sales.css';
import { tr } from '../../i18n/tr';
import { usePageTitle } from '../../lib/use-page-title';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { Banner, Button, EmptyState, PageHeader, Spinner } from '../../components/ui';
import { useSalesReport } from './api/use-sales-report';
import { SalesTable } from './sales-table';

export function AdminSalesPage() {
  const t = tr.adminSales;
  // Also for the states that replace the page (and its header) with a message.
  usePageTitle(t.title);
  const report = useSalesReport();

  // docs/PRODUCT.md#admin-sales: a failed load replaces the page with the error.
  if (report.isError) {
    return (
      <div className="page">
        <Banner tone="error">{t.loadError}</Banner>
      </div>
    );
  }

  const refresh = (
    <Button variant="secondary" onClick={() => void report.refetch()} busy={report.isFetching}>{t.refresh}</Button>
  );
  if (report.isPending) {
    return <div className="page"><PageHeader title={t.title} actions={refresh} /><Spinner /></div>;
  }
  const { statistics: s, purchases } = report.data;
  const stats = [
    { label: t.totalRevenue, value: formatMoney(s.totalSales) },
    { label: t.totalSales, value: formatNumber(s.totalPurchases) },
    { label: t.completedSales, value: formatNumber(s.completedSales) },
    { label: t.successRate, value: formatPercent(s.successRate) },
  ];
  return (
    <div className="page">
      <PageHeader title={t.title} actions={refresh} />
      <ul className="stat-grid">
        {stats.map((x) => (
          <li key={x.label} className="stat-card" data-testid="stat-card">
            <span className="stat-label">{x.label}</span>
            <strong className="stat-value">{x.value}</strong>
          </li>
        ))}
      </ul>
      <h2 className="section-title">{t.detailsTitle}</h2>
      {purchases.length === 0 ? <EmptyState title={t.empty} icon="₺" /> : <SalesTable purchases={purchases} />}
    </div>
  );
}
