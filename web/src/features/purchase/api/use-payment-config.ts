import { useQuery } from '@tanstack/react-query';
import { ZPaymentConfig } from '@pano/contract';
import { api } from '../../../lib/api-client';

export function usePaymentConfig() {
  return useQuery({
    queryKey: ['purchase', 'config'],
    queryFn: ({ signal }) => api.get('/api/purchase/config', ZPaymentConfig, signal),
    staleTime: Infinity,
  });
}
