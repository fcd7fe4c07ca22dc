import { useQuery } from '@tanstack/react-query';
import type { TSalesReport } from '@pano/contract';
import { api } from '../../../lib/api-client';

export function useSalesReport() {
  return useQuery({
    queryKey: ['admin', 'sales'],
    queryFn: ({ signal }) => api.get<TSalesReport>('/api/purchase/admin/sales', signal),
    staleTime: 0,
  });
}
