import { useState } from 'react';
import type { TPackage, TPurchaseSummary } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { Banner, Button, Card } from '../../components/ui';
import { paymentErrorText } from './payment-errors';
import { createPaymentIntent } from './purchase.api';

/** A price-0 package: the server completes it at once, no card involved. */
export function FreeTrialCard({ pkg, onPaid }: { pkg: TPackage; onPaid: (p: TPurchaseSummary) => void }) {
  const t = tr.purchase;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const r = await createPaymentIntent(pkg._id);
      if (r.completed) onPaid(r.purchase);
      else setError(t.serverError);
    } catch (err) {
      setError(paymentErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="free-title">
      <h2 id="free-title" className="card-title">{t.freeTitle}</h2>
      {error && <Banner tone="error">{error}</Banner>}
      <p className="muted">{t.freeText}</p>
      <Button block busy={busy} busyText={t.freeBusy} onClick={() => void start()}>{t.freeStart}</Button>
    </Card>
  );
}
