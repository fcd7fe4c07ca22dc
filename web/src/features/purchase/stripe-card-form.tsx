import { useState, type FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { TPackage, TPurchaseSummary } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatMoney } from '../../lib/format';
import { Banner, Button, Card, TextField } from '../../components/ui';
import { CardPaymentError, paymentErrorText } from './payment-errors';
import { completePayment, createPaymentIntent } from './purchase.api';

type Props = { pkg: TPackage; publishableKey: string; onPaid: (p: TPurchaseSummary) => void };

// One Stripe.js per key for the page's lifetime; `pure` loads the script only when asked.
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!loaded.has(key)) loaded.set(key, loadStripe(key).catch(() => null));
  return loaded.get(key)!;
};

/** Stripe Elements card form (docs/PRODUCT.md#purchase, card form): intent → confirmCardPayment → complete-payment. */
export default function StripeCardForm(props: Props) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ locale: 'tr' }}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ pkg, onPaid }: Props) {
  const t = tr.purchase;
  const stripe = useStripe();
  const elements = useElements();
  const [holder, setHolder] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A retry after a declined card reuses the intent, so one purchase attempt stays one sales row.
  const [intent, setIntent] = useState<{ id: string; clientSecret: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return setError(t.stripeLoadError);
    setBusy(true);
    setError(null);
    try {
      let current = intent;
      if (!current) {
        const created = await createPaymentIntent(pkg._id);
        if (created.completed) return onPaid(created.purchase);
        current = { id: created.paymentIntentId, clientSecret: created.clientSecret };
        setIntent(current);
      }
      const result = await stripe.confirmCardPayment(current.clientSecret, {
        payment_method: { card, billing_details: { name: holder.trim() || undefined } },
      });
      if (result.error) throw new CardPaymentError(result.error.message ?? '');
      onPaid((await completePayment(current.id)).purchase);
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
        <TextField label={t.cardHolder} autoComplete="cc-name" value={holder} onChange={(e) => setHolder(e.target.value)} maxLength={100} />
        <div className="field">
          <span className="field-label">{t.cardDetails}</span>
          <div className="input stripe-card-element"><CardElement options={{ hidePostalCode: true }} /></div>
        </div>
        <Button type="submit" block busy={busy} busyText={t.paying} disabled={!stripe}>
          {t.pay(formatMoney(pkg.price))}
        </Button>
        <p className="field-hint">{t.secureNote}</p>
      </form>
    </Card>
  );
}
