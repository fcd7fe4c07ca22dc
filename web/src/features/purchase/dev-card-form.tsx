import { useWatch } from 'react-hook-form';
import type { TPackage, TPurchaseSummary } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Card, Form, TextField } from '../../components/ui';
import { ZCardFields, emptyCard, formatCardNumber, formatCvc, formatExpiry, isCardComplete, type CardFields } from './card-input';
import { usePayByDevCard } from './api/use-pay-by-dev-card';

/** The embedded mode's card form (docs/PRODUCT.md#purchase, card form). */
export function DevCardForm({ pkg, onPaid }: { pkg: TPackage; onPaid: (p: TPurchaseSummary) => void }) {
  const t = tr.purchase;
  const form = useZodForm(ZCardFields, emptyCard);
  const card = useWatch({ control: form.control }) as CardFields;
  const pay = usePayByDevCard(pkg._id);
  // Each field is shown as people read it (groups of four, 'AA/YY'), so the inputs are controlled.
  const set = (k: keyof CardFields, v: string) => { form.setValue(k, v); if (pay.isError) pay.reset(); };

  const submit = form.handleSubmit((body) => pay.mutateAsync(body, { onSuccess: onPaid }));

  return (
    <Card aria-labelledby="card-form-title">
      <h2 id="card-form-title" className="card-title">{t.cardTitle}</h2>
      <Form className="form" onSubmit={submit} aria-label={t.cardDetails}>
        {pay.isError && <Banner tone="error">{errorMessage(pay.error, t.serverError)}</Banner>}
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
        <Button type="submit" block busy={pay.isPending} busyText={t.paying} disabled={!isCardComplete(card)}>
          {t.pay(formatMoney(pkg.price))}
        </Button>
        <p className="field-hint">{t.secureNote}</p>
      </Form>
    </Card>
  );
}
