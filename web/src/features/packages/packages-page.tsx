import './packages.css';
import { useLocation } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { Banner, EmptyState, PageHeader, Spinner } from '../../components/ui';
import { usePublicPackages } from './packages.api';
import { PackageCard } from './package-card';

/** Spec §2: the active packages, each with a choose button to /purchase/{packageId}. */
export function PackagesPage() {
  const packages = usePublicPackages();
  const list = packages.data ?? [];
  // Spec §4: a 402 anywhere sends the customer here; without a word they would not know why.
  const redirected = Boolean((useLocation().state as { packageRequiredFrom?: string } | null)?.packageRequiredFrom);
  return (
    <div className="page packages-page">
      <PageHeader title={tr.packages.title} lead={tr.packages.lead} />
      {redirected && <Banner tone="warning">{tr.packages.packageRequired}</Banner>}
      {packages.isError ? (
        <Banner tone="error">{tr.packages.loadError}</Banner>
      ) : packages.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        <EmptyState title={tr.packages.empty} icon="▦" />
      ) : (
        <ul className="package-grid">
          {list.map((p) => <PackageCard key={p._id} pkg={p} />)}
        </ul>
      )}
    </div>
  );
}
