import type { TPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatMoney } from '../../lib/format';
import { Badge, Card } from '../../components/ui';

/** docs/PRODUCT.md#purchase: the package summary beside the card form. */
export function PackageSummary({ pkg }: { pkg: TPackage }) {
  const t = tr.purchase;
  return (
    <Card aria-labelledby="purchase-summary-title" data-testid="purchase-summary">
      <div className="card-head">
        <h2 id="purchase-summary-title" className="card-title">{t.summaryTitle}</h2>
        {pkg.isPopular && <Badge tone="primary">{tr.packages.popular}</Badge>}
      </div>
      <h3 className="purchase-package-name">{pkg.name}</h3>
      <p className="muted">{pkg.description}</p>
      <ul className="package-features">
        <li>{t.durationDays(pkg.duration)}</li>
        <li>{t.featureStorage(pkg.features.maxMediaUpload)}</li>
        <li>{t.featureScreens(pkg.features.maxScreens)}</li>
        <li>{t.featurePlaylists(pkg.features.maxPlaylists)}</li>
      </ul>
      <p className="purchase-total">
        <span>{t.total}</span>
        <strong data-testid="purchase-total">{pkg.price === 0 ? tr.packages.free : formatMoney(pkg.price)}</strong>
      </p>
    </Card>
  );
}
