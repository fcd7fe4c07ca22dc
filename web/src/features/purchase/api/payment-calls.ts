import type { TCreatePaymentIntentResponse, TPurchaseCompletedResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';

/**
 * Every query about the customer's package (the usage page, 'Mevcut paketiniz', the purchase plan)
 * lives under this prefix, so a completed purchase invalidates them all at once.
 */
export const packageInfoKey = ['my-package'] as const;

/** The calls both card forms make around the card step; each form's hook is the one server write. */
export const createPaymentIntent = (packageId: string) =>
  api.post<TCreatePaymentIntentResponse>('/api/purchase/create-payment-intent', { packageId });

export const completePayment = (paymentIntentId: string) =>
  api.post<TPurchaseCompletedResponse>('/api/purchase/complete-payment', { paymentIntentId });
