import { Link } from 'react-router-dom';
import type { TCurrentPackage, TPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDate, formatMoney } from '../../lib/format';
import { Badge } from '../../components/ui';

/**
 * `current` is set on the card of the package the customer is running now; `canBuy`: the person
 * is the account's owner, the one role that buys (docs/architecture/accounts.md#roles).
 */
export function PackageCard({ pkg, current, canBuy }: { pkg: TPackage; current?: TCurrentPackage; canBuy: boolean }) {
  const f = pkg.features;
  const classes = ['package-card', pkg.isPopular && 'is-popular', current && 'is-current'].filter(Boolean).join(' ');
  return (
    <li className={classes} data-testid="package-card">
      {pkg.isPopular && <span className="package-ribbon"><Badge tone="primary">{tr.packages.popular}</Badge></span>}
      {current && (
        <p className="package-current" data-testid="package-current">
          <Badge tone="success">{tr.packages.current}</Badge>
          <span className="muted">{tr.packages.currentLeft(current.remainingDays, formatDate(current.expiresAt))}</span>
        </p>
      )}
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
        <li>{tr.packages.featureMembers(f.maxMembers)}</li>
      </ul>
      {canBuy && (
        <Link to={`/purchase/${pkg._id}`} className={`btn btn-block ${pkg.isPopular ? 'btn-primary' : 'btn-secondary'}`}
          aria-label={`${tr.packages.choose}: ${pkg.name}`}>
          {tr.packages.choose}
        </Link>
      )}
    </li>
  );
}
