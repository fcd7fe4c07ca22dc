import { useQuery } from '@tanstack/react-query';
import { ZPurchasePlan } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { packageInfoKey } from './payment-calls';

/** What paying now does to the running package; under ['my-package'] like the package info. */
export function usePurchasePlan(packageId: string | undefined) {
  return useQuery({
    queryKey: [...packageInfoKey, 'plan', packageId ?? ''],
    queryFn: ({ signal }) => api.get(`/api/purchase/plan/${packageId}`, ZPurchasePlan, signal),
    enabled: Boolean(packageId),
  });
}
