import { useState, type FormEvent } from 'react';
import type { TPackage, TPurchaseSummary } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatMoney } from '../../lib/format';
import { Banner, Button, Card, TextField } from '../../components/ui';
import { emptyCard, formatCardNumber, formatCvc, formatExpiry, isCardComplete, type CardFields } from './card-input';
import { asCardStep, paymentErrorText } from './payment-errors';
import { completePayment, createPaymentIntent, devConfirmCard } from './purchase.api';

/**
 * The embedded mode's card form (docs/PRODUCT.md#purchase, card form): create the intent, confirm the card
 * with the dev processor (what Stripe.js does for Stripe), then complete the payment.
 */
export function DevCardForm({ pkg, onPaid }: { pkg: TPackage; onPaid: (p: TPurchaseSummary) => void }) {
  const t = tr.purchase;
  const [card, setCard] = useState<CardFields>(emptyCard);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A retry after a declined card reuses the intent, so one purchase attempt stays one sales row.
  const [intentId, setIntentId] = useState<string | null>(null);
  const set = (k: keyof CardFields, v: string) => { setCard((c) => ({ ...c, [k]: v })); setError(null); };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !isCardComplete(card)) return;
    setBusy(true);
    setError(null);
    try {
      let paymentIntentId = intentId;
      if (!paymentIntentId) {
        const intent = await createPaymentIntent(pkg._id);
        if (intent.completed) return onPaid(intent.purchase);
        paymentIntentId = intent.paymentIntentId;
        setIntentId(paymentIntentId);
      }
      const id = paymentIntentId;
      await asCardStep(() => devConfirmCard({ paymentIntentId: id, ...card }));
      onPaid((await completePayment(id)).purchase);
    } catch (err) {
      setError(paymentErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="card-form-title">
      <h2 id="card-form-title" className="card-title">{t.cardTitle}</h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t.cardDetails}>
        {error && <Banner tone="error">{error}</Banner>}
        <TextField label={t.cardHolder} name="cardHolder" autoComplete="cc-name" value={card.cardHolder}
          onChange={(e) => set('cardHolder', e.target.value)} maxLength={100} required />
        <TextField label={t.cardNumber} name="cardNumber" autoComplete="cc-number" inputMode="numeric" placeholder="4242 4242 4242 4242"
          value={card.cardNumber} onChange={(e) => set('cardNumber', formatCardNumber(e.target.value))} required />
        <div className="purchase-card-row">
          <TextField label={t.expiry} name="expiry" autoComplete="cc-exp" inputMode="numeric" placeholder="12/34"
            value={card.expiry} onChange={(e) => set('expiry', formatExpiry(e.target.value))} required />
          <TextField label={t.cvc} name="cvc" autoComplete="cc-csc" inputMode="numeric" placeholder="123"
            value={card.cvc} onChange={(e) => set('cvc', formatCvc(e.target.value))} required />
        </div>
        <p className="field-hint">{t.devHint}</p>
        <Button type="submit" block busy={busy} busyText={t.paying} disabled={!isCardComplete(card)}>
          {t.pay(formatMoney(pkg.price))}
        </Button>
        <p className="field-hint">{t.secureNote}</p>
      </form>
    </Card>
  );
}
