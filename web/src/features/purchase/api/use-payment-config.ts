import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function usePaymentConfig() {
  return useQuery({
    queryKey: ['purchase', 'config'],
    queryFn: ({ signal }) => api.get('/api/purchase/config', (c) => c.ZPaymentConfig, signal),
    staleTime: Infinity,
  });
}
