import { useQuery } from '@tanstack/react-query';
import { ZPackage } from '@pano/contract';
import { api } from '../../../lib/api-client';

export function usePackage(packageId: string | undefined) {
  return useQuery({
    queryKey: ['packages', 'detail', packageId ?? ''],
    queryFn: ({ signal }) => api.get(`/api/packages/${packageId}`, ZPackage, signal),
    enabled: Boolean(packageId),
  });
}
