import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDevConfirmCardRequest, TPurchaseSummary } from '@pano/contract';
import { ZDevConfirmCardResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import type { CardFields } from '../card-input';
import { asCardStep } from '../payment-errors';
import { completePayment, createPaymentIntent, packageInfoKey } from './payment-calls';

const devConfirmCard = (body: TDevConfirmCardRequest) => api.post('/api/purchase/dev/confirm-card', ZDevConfirmCardResponse, body);

/**
 * The embedded mode's card payment (docs/PRODUCT.md#purchase, card form): create the intent, confirm
 * the card with the dev processor (what Stripe.js does for Stripe), then complete the payment.
 */
export function usePayByDevCard(packageId: string) {
  const qc = useQueryClient();
  // A retry after a declined card reuses the intent, so one purchase attempt stays one sales row.
  const intentId = useRef<string | null>(null);
  return useMutation({
    mutationFn: async (card: CardFields): Promise<TPurchaseSummary> => {
      if (!intentId.current) {
        const intent = await createPaymentIntent(packageId);
        if (intent.completed) return intent.purchase;
        intentId.current = intent.paymentIntentId;
      }
      const id = intentId.current;
      await asCardStep(() => devConfirmCard({ paymentIntentId: id, ...card }));
      return (await completePayment(id)).purchase;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: packageInfoKey }),
  });
}
