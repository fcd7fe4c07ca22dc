import type { TMyPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDate, formatMoney } from '../../lib/format';
import { Badge, Card } from '../../components/ui';

/** docs/PRODUCT.md#settings: badge 'Aktif' whenever a package exists; name, amount paid, purchase and expiry dates. */
export function PackageInfoCard({ info }: { info: TMyPackage }) {
  const t = tr.settings;
  return (
    <Card aria-labelledby="package-info-title" data-testid="package-info">
      <div className="card-head">
        <h2 id="package-info-title" className="card-title">{t.packageTitle}</h2>
        <Badge tone="success">{t.statusActive}</Badge>
      </div>
      <dl className="info-facts">
        <div><dt>{t.packageName}</dt><dd data-testid="package-name">{info.package.name}</dd></div>
        <div><dt>{t.amountPaid}</dt><dd>{formatMoney(info.amountPaid)}</dd></div>
        <div><dt>{t.purchaseDate}</dt><dd><time dateTime={info.purchaseDate}>{formatDate(info.purchaseDate)}</time></dd></div>
        <div><dt>{t.expiresAt}</dt><dd><time dateTime={info.expiresAt}>{formatDate(info.expiresAt)}</time></dd></div>
      </dl>
    </Card>
  );
}

export function MobileCodeCard({ info }: { info: TMyPackage }) {
  const t = tr.settings;
  return (
    <Card aria-labelledby="mobile-code-title">
      <div className="card-head">
        <h2 id="mobile-code-title" className="card-title">{t.mobileTitle}</h2>
        {info.mobileCode && (
          <Badge tone={info.isMobileVerified ? 'success' : 'warning'}>
            {info.isMobileVerified ? t.mobileVerified : t.mobilePending}
          </Badge>
        )}
      </div>
      {info.mobileCode ? (
        <p className="mobile-code" data-testid="mobile-code">{info.mobileCode}</p>
      ) : (
        <p className="muted">{t.noMobileCode}</p>
      )}
      <p className="field-hint">{t.mobileHint}</p>
    </Card>
  );
}
