import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { TPurchaseSummary } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDate, formatMoney } from '../../lib/format';
import { Card } from '../../components/ui';

export const REDIRECT_AFTER_MS = 3000;

/** docs/PRODUCT.md#purchase: the success view with the ways back; the flow then ends on /settings. */
export function PurchaseSuccess({ purchase }: { purchase: TPurchaseSummary }) {
  const t = tr.purchase;
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/settings'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <Card className="purchase-success" role="status" aria-labelledby="purchase-success-title" data-testid="purchase-success">
      <div className="purchase-success-icon" aria-hidden="true">✓</div>
      <h2 id="purchase-success-title" className="card-title">{t.successTitle}</h2>
      <p>{t.successText(purchase.packageName)}</p>
      <dl className="info-facts">
        <div><dt>{t.successAmount}</dt><dd>{formatMoney(purchase.amountPaid)}</dd></div>
        <div><dt>{t.successExpires}</dt><dd>{formatDate(purchase.expiresAt)}</dd></div>
        {purchase.mobileCode && <div><dt>{t.successMobileCode}</dt><dd className="purchase-code" data-testid="purchase-mobile-code">{purchase.mobileCode}</dd></div>}
      </dl>
      <p className="muted">{t.redirecting}</p>
      <div className="purchase-success-links">
        <Link to="/settings" className="btn btn-primary">{t.toSettings}</Link>
        <Link to="/dashboard" className="btn btn-secondary">{t.toDashboard}</Link>
        <Link to="/packages" className="btn btn-ghost">{t.toPackages}</Link>
      </div>
    </Card>
  );
}
