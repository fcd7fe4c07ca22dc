import { useState } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { TPackage, TPurchaseSummary } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
import { Banner, Button, Card, Form, TextField } from '../../components/ui';
import { usePayByStripeCard } from './api/use-pay-by-stripe-card';

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
  // Stripe.js failed to load: nothing was sent, so this is not the payment's failure.
  const [unavailable, setUnavailable] = useState(false);
  const pay = usePayByStripeCard(pkg._id);

  // One payment per press: <Form> holds further submits until this settles, so a double-click
  // cannot ask Stripe for a second payment intent (docs/architecture/web.md#web).
  const submit = () => {
    const card = elements?.getElement(CardElement);
    setUnavailable(!stripe || !card);
    if (!stripe || !card) return;
    return pay.mutateAsync({ stripe, card, holder }, { onSuccess: onPaid });
  };

  const shown = unavailable ? t.stripeLoadError : pay.isError ? errorMessage(pay.error, t.serverError) : null;
  return (
    <Card aria-labelledby="card-form-title">
      <h2 id="card-form-title" className="card-title">{t.cardTitle}</h2>
      <Form className="form" onSubmit={submit} aria-label={t.cardDetails}>
        {shown && <Banner tone="error">{shown}</Banner>}
        <TextField label={t.cardHolder} autoComplete="cc-name" value={holder} onChange={(e) => setHolder(e.target.value)} maxLength={100} />
        <div className="field">
          <span className="field-label">{t.cardDetails}</span>
          <div className="input stripe-card-element"><CardElement options={{ hidePostalCode: true }} /></div>
        </div>
        <Button type="submit" block busy={pay.isPending} busyText={t.paying} disabled={!stripe}>
          {t.pay(formatMoney(pkg.price))}
        </Button>
        <p className="field-hint">{t.secureNote}</p>
      </Form>
    </Card>
  );
}
