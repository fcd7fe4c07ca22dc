import { useQuery } from '@tanstack/react-query';
import type { TPackage } from '@pano/contract';
import { api } from '../../../lib/api-client';

export function usePackage(packageId: string | undefined) {
  return useQuery({
    queryKey: ['packages', 'detail', packageId ?? ''],
    queryFn: ({ signal }) => api.get<TPackage>(`/api/packages/${packageId}`, signal),
    enabled: Boolean(packageId),
  });
}
