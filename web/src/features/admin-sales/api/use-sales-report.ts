import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useSalesReport() {
  return useQuery({
    queryKey: ['admin', 'sales'],
    queryFn: ({ signal }) => api.get('/api/purchase/admin/sales', (c) => c.ZSalesReport, signal),
    staleTime: 0,
  });
}
