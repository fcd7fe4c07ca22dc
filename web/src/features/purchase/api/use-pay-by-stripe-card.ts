import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { TPurchaseSummary } from '@pano/contract';
import { tr } from '../../../i18n/tr';
import { ShownError } from '../../../lib/api-error';
import { completePayment, createPaymentIntent, packageInfoKey } from './payment-calls';

export type StripeCardInput = { stripe: Stripe; card: StripeCardElement; holder: string };

/** Stripe's card payment (docs/PRODUCT.md#purchase, card form): intent → confirmCardPayment → complete-payment. */
export function usePayByStripeCard(packageId: string) {
  const qc = useQueryClient();
  // A retry after a declined card reuses the intent, so one purchase attempt stays one sales row.
  const intent = useRef<{ id: string; clientSecret: string } | null>(null);
  return useMutation({
    mutationFn: async ({ stripe, card, holder }: StripeCardInput): Promise<TPurchaseSummary> => {
      if (!intent.current) {
        const created = await createPaymentIntent(packageId);
        if (created.completed) return created.purchase;
        intent.current = { id: created.paymentIntentId, clientSecret: created.clientSecret };
      }
      const { id, clientSecret } = intent.current;
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: holder.trim() || undefined } },
      });
      // Stripe.js words a declined card itself, in Turkish (the Elements locale).
      if (result.error) throw new ShownError(result.error.message || tr.purchase.cardError);
      return (await completePayment(id)).purchase;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: packageInfoKey }),
  });
}
