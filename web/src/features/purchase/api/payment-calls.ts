import { api } from '../../../lib/api-client';
import { ZCreatePaymentIntentResponse, ZPurchaseCompletedResponse } from '@pano/contract';

/**
 * Every query about the customer's package (the usage page, 'Mevcut paketiniz', the purchase plan)
 * lives under this prefix, so a completed purchase invalidates them all at once.
 */
export const packageInfoKey = ['my-package'] as const;

/** The calls both card forms make around the card step; each form's hook is the one server write. */
export const createPaymentIntent = (packageId: string) =>
  api.post('/api/purchase/create-payment-intent', ZCreatePaymentIntentResponse, { packageId });

export const completePayment = (paymentIntentId: string) =>
  api.post('/api/purchase/complete-payment', ZPurchaseCompletedResponse, { paymentIntentId });
