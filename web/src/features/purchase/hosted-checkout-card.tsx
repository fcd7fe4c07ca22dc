import type { TPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card } from '../../components/ui';
import { useStartCheckout } from './api/use-start-checkout';

/** docs/PRODUCT.md#purchase, hosted checkout: start a checkout session and go to its page. */
export function HostedCheckoutCard({ pkg }: { pkg: TPackage }) {
  const t = tr.purchase;
  const checkout = useStartCheckout(pkg._id);
  const start = () => checkout.mutate(undefined, { onSuccess: (url) => window.location.assign(url) });
  // Busy also after success: the browser is leaving for the checkout page.
  const busy = checkout.isPending || checkout.isSuccess;

  return (
    <Card aria-labelledby="hosted-title">
      <h2 id="hosted-title" className="card-title">{t.hostedTitle}</h2>
      {checkout.isError && <Banner tone="error">{errorMessage(checkout.error, t.checkoutError)}</Banner>}
      <p className="muted">{t.hostedText}</p>
      <Button variant="secondary" block busy={busy} busyText={t.hostedBusy} onClick={start}>{t.hostedButton}</Button>
    </Card>
  );
}
