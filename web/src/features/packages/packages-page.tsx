import './packages.css';
import { tr } from '../../i18n/tr';
import { Banner, EmptyState, PageHeader, Spinner } from '../../components/ui';
import { usePublicPackages } from './packages.api';
import { PackageCard } from './package-card';

/** Spec §2: the active packages, each with a choose button to /purchase/{packageId}. */
export function PackagesPage() {
  const packages = usePublicPackages();
  const list = packages.data ?? [];
  return (
    <div className="page">
      <PageHeader title={tr.packages.title} lead={tr.packages.lead} />
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
