import { Link } from 'react-router-dom';
import type { TPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatMoney } from '../../lib/format';
import { Badge } from '../../components/ui';

export function PackageCard({ pkg }: { pkg: TPackage }) {
  const f = pkg.features;
  return (
    <li className={`package-card${pkg.isPopular ? ' is-popular' : ''}`} data-testid="package-card">
      {pkg.isPopular && <span className="package-ribbon"><Badge tone="primary">{tr.packages.popular}</Badge></span>}
      <h2 className="package-name">{pkg.name}</h2>
      <p className="muted package-desc">{pkg.description}</p>
      <p className="package-price">
        <strong>{pkg.price === 0 ? tr.packages.free : formatMoney(pkg.price)}</strong>
        <span className="muted">/ {tr.packages.durationDays(pkg.duration)}</span>
      </p>
      <ul className="package-features">
        <li>{tr.packages.featureStorage(f.maxMediaUpload)}</li>
        <li>{tr.packages.featureScreens(f.maxScreens)}</li>
        <li>{tr.packages.featurePlaylists(f.maxPlaylists)}</li>
      </ul>
      <Link to={`/purchase/${pkg._id}`} className={`btn btn-block ${pkg.isPopular ? 'btn-primary' : 'btn-secondary'}`}
        aria-label={`${tr.packages.choose}: ${pkg.name}`}>
        {tr.packages.choose}
      </Link>
    </li>
  );
}
