import './purchase.css';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { TPackage, TPaymentConfig, TPurchaseSummary } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useCan } from '../../stores/use-can';
import { trRoles } from '../../i18n/tr-roles';
import { Banner, Button, PageHeader, Spinner } from '../../components/ui';
import { DevCardForm } from './dev-card-form';
import { FreeTrialCard } from './free-trial-card';
import { HostedCheckoutCard } from './hosted-checkout-card';
import { PackageSummary } from './package-summary';
import { PurchasePlanNote } from './purchase-plan-note';
import { PurchaseSuccess } from './purchase-success';
import { usePackage } from './api/use-package';
import { usePaymentConfig } from './api/use-payment-config';
import { usePurchasePlan } from './api/use-purchase-plan';
import { useCheckoutReturn } from './use-checkout-return';

// Stripe.js and Elements are only fetched when the Stripe processor is in use.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

function CardPayment({ pkg, config, onPaid }: { pkg: TPackage; config: TPaymentConfig; onPaid: (p: TPurchaseSummary) => void }) {
  if (config.provider === 'dev') return <DevCardForm pkg={pkg} onPaid={onPaid} />;
  if (!config.publishableKey) return <Banner tone="warning">{tr.purchase.missingPublishableKey}</Banner>;
  return (
    <Suspense fallback={<Spinner />}>
      <StripeCardForm pkg={pkg} publishableKey={config.publishableKey} onPaid={onPaid} />
    </Suspense>
  );
}

function PaymentOptions({ pkg, onPaid }: { pkg: TPackage; onPaid: (p: TPurchaseSummary) => void }) {
  const config = usePaymentConfig();
  if (pkg.price === 0) return <FreeTrialCard pkg={pkg} onPaid={onPaid} />;
  if (config.isError) return <Banner tone="error">{errorMessage(config.error, tr.purchase.configError)}</Banner>;
  if (!config.data) return <Spinner />;
  return (
    <>
      <CardPayment pkg={pkg} config={config.data} onPaid={onPaid} />
      <HostedCheckoutCard pkg={pkg} />
    </>
  );
}

/** docs/PRODUCT.md#purchase: package summary, card form, hosted checkout, cancel, success view. */
export function PurchasePage() {
  const { packageId } = useParams();
  const navigate = useNavigate();
  const pkg = usePackage(packageId);
  // Without a preview (a failed call) the page still sells; the completion applies the rule anyway.
  const plan = usePurchasePlan(packageId).data;
  // The payment hooks reload the package info themselves; the page only shows the outcome.
  const [done, setDone] = useState<TPurchaseSummary | null>(null);
  const checkoutReturn = useCheckoutReturn(setDone);
  // Only the account's owner buys (docs/architecture/accounts.md#roles): others read the package and are told so.
  const canBuy = useCan('owner');
  const t = tr.purchase;

  const cancel = <Button variant="ghost" onClick={() => void navigate('/packages')}>{t.cancel}</Button>;
  let body;
  if (done) body = <PurchaseSuccess purchase={done} />;

  else if (checkoutReturn.confirming) body = <Spinner label={t.confirming} />;
  else if (pkg.isError) {
    // An unknown or removed package: the way back is still offered.
    body = (
      <div className="purchase-pay">
        <Banner tone="error">{t.packageError}</Banner>
        <div className="purchase-cancel purchase-cancel-start">{cancel}</div>
      </div>
    );
  }
  else if (!pkg.data) body = <Spinner />;
  else {
    body = (
      <div className="purchase-layout">
        <PackageSummary pkg={pkg.data} />
        <div className="purchase-pay">
          {!canBuy ? <Banner tone="info">{trRoles.ownerBuys}</Banner> : (
            <>
              {plan && !plan.refusal && <PurchasePlanNote plan={plan} />}
              {plan?.refusal ? <Banner tone="warning">{plan.refusal}</Banner> : <PaymentOptions pkg={pkg.data} onPaid={setDone} />}
            </>
          )}
          <div className="purchase-cancel">{cancel}</div>
        </div>
      </div>
    );
  }

  return (
    <div className="page purchase-page">
      <PageHeader title={t.title} lead={done ? undefined : t.lead} />
      {checkoutReturn.error && !done && <Banner tone="error">{checkoutReturn.error}</Banner>}
      {body}
    </div>
  );
}
