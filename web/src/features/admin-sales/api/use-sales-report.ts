import { useQuery } from '@tanstack/react-query';
import { ZSalesReport } from '@pano/contract';
import { api } from '../../../lib/api-client';

export function useSalesReport() {
  return useQuery({
    queryKey: ['admin', 'sales'],
    queryFn: ({ signal }) => api.get('/api/purchase/admin/sales', ZSalesReport, signal),
    staleTime: 0,
  });
}
