import './packages.css';
import { useLocation } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { Banner, EmptyState, PageHeader, Spinner } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { useCan } from '../../stores/use-can';
import { trRoles } from '../../i18n/tr-roles';
import { useCurrentPackage } from './api/use-current-package';
import { usePublicPackages } from './api/use-public-packages';
import { PackageCard } from './package-card';

/**
 * docs/PRODUCT.md#packages: the active packages, each with a choose button to /purchase/{packageId}. The running
 * package is marked, and a note says what choosing it or another one does to its remaining days.
 */
export function PackagesPage() {
  const packages = usePublicPackages();
  const current = useCurrentPackage().data ?? null;
  const list = packages.data ?? [];
  const canBuy = useCan('owner');
  // docs/PRODUCT.md#session: a 402 anywhere sends the customer here; without a word they would not know why.
  const redirected = Boolean((useLocation().state as { packageRequiredFrom?: string } | null)?.packageRequiredFrom);
  return (
    <div className="page packages-page">
      {/* Anyone but the owner reads the packages: who buys them stands where 'choose one' would. */}
      <PageHeader title={tr.packages.title} lead={canBuy ? tr.packages.lead : trRoles.ownerBuys} />
      {redirected && <Banner tone="warning">{tr.packages.packageRequired}</Banner>}
      {current && canBuy && <Banner tone="info">{tr.packages.currentNote(current.packageName, current.remainingDays, formatDate(current.expiresAt))}</Banner>}
      {packages.isError ? (
        <Banner tone="error">{tr.packages.loadError}</Banner>
      ) : packages.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        <EmptyState title={tr.packages.empty} icon="▦" />
      ) : (
        <ul className="package-grid">
          {list.map((p) => <PackageCard key={p._id} pkg={p} current={current?.packageId === p._id ? current : undefined} canBuy={canBuy} />)}
        </ul>
      )}
    </div>
  );
}
