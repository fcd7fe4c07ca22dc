import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCreateCheckoutSessionRequest, TCreateCheckoutSessionResponse, TCreatePaymentIntentResponse, TDevConfirmCardRequest,
  TDevConfirmCardResponse, TPackage, TPaymentConfig, TPurchaseCompletedResponse, TPurchasePlan,
} from '@pano/contract';
import { api } from '../../lib/api-client';

export function usePackage(packageId: string | undefined) {
  return useQuery({
    queryKey: ['packages', 'detail', packageId ?? ''],
    queryFn: ({ signal }) => api.get<TPackage>(`/api/packages/${packageId}`, signal),
    enabled: Boolean(packageId),
  });
}

/** What paying now does to the running package; under ['my-package'] like the package info. */
export function usePurchasePlan(packageId: string | undefined) {
  return useQuery({
    queryKey: ['my-package', 'plan', packageId ?? ''],
    queryFn: ({ signal }) => api.get<TPurchasePlan>(`/api/purchase/plan/${packageId}`, signal),
    enabled: Boolean(packageId),
  });
}

export function usePaymentConfig() {
  return useQuery({
    queryKey: ['purchase', 'config'],
    queryFn: ({ signal }) => api.get<TPaymentConfig>('/api/purchase/config', signal),
    staleTime: Infinity,
  });
}

/** After a purchase: the usage page and any package info must be fetched again. */
export function useReloadPackageInfo() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['my-package'] });
}

export const createPaymentIntent = (packageId: string) =>
  api.post<TCreatePaymentIntentResponse>('/api/purchase/create-payment-intent', { packageId });

export const devConfirmCard = (body: TDevConfirmCardRequest) =>
  api.post<TDevConfirmCardResponse>('/api/purchase/dev/confirm-card', body);

export const completePayment = (paymentIntentId: string) =>
  api.post<TPurchaseCompletedResponse>('/api/purchase/complete-payment', { paymentIntentId });

export const createCheckoutSession = (body: TCreateCheckoutSessionRequest) =>
  api.post<TCreateCheckoutSessionResponse>('/api/purchase/create-checkout-session', body);

export const confirmSession = (sessionId: string) =>
  api.post<TPurchaseCompletedResponse>('/api/purchase/confirm-session', { sessionId });
