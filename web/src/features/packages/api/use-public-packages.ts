import { useQuery } from '@tanstack/react-query';
import { ZPackageListAnswer } from '@pano/contract';
import { api } from '../../../lib/api-client';

/** Under ['packages'] so the admin page's invalidation also refreshes this list. */
export const publicPackagesKey = ['packages', 'public'] as const;

export function usePublicPackages() {
  return useQuery({
    queryKey: publicPackagesKey,
    queryFn: ({ signal }) => api.get('/api/packages', ZPackageListAnswer, signal),
  });
}
