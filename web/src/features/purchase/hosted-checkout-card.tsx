import { useState } from 'react';
import type { TPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { Banner, Button, Card } from '../../components/ui';
import { createCheckoutSession } from './purchase.api';

/**
 * docs/PRODUCT.md#purchase, hosted checkout: create a checkout session and go to its url. The processor sends
 * the browser back to this page with ?session_id=…, which the page then confirms.
 */
export function HostedCheckoutCard({ pkg }: { pkg: TPackage }) {
  const t = tr.purchase;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    const here = `${window.location.origin}/purchase/${pkg._id}`;
    try {
      const { url } = await createCheckoutSession({ packageId: pkg._id, successUrl: here, cancelUrl: here });
      if (!url) {
        setError(t.sessionFailed);
        setBusy(false);
        return;
      }
      window.location.assign(url); // stays busy while the browser leaves
    } catch {
      setError(t.checkoutError);
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="hosted-title">
      <h2 id="hosted-title" className="card-title">{t.hostedTitle}</h2>
      {error && <Banner tone="error">{error}</Banner>}
      <p className="muted">{t.hostedText}</p>
      <Button variant="secondary" block busy={busy} busyText={t.hostedBusy} onClick={() => void start()}>{t.hostedButton}</Button>
    </Card>
  );
}
