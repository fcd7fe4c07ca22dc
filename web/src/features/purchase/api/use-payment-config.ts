import { useQuery } from '@tanstack/react-query';
import type { TPaymentConfig } from '@pano/contract';
import { api } from '../../../lib/api-client';

export function usePaymentConfig() {
  return useQuery({
    queryKey: ['purchase', 'config'],
    queryFn: ({ signal }) => api.get<TPaymentConfig>('/api/purchase/config', signal),
    staleTime: Infinity,
  });
}
