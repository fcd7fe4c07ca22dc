import { useQuery } from '@tanstack/react-query';
import type { TPackage } from '@pano/contract';
import { api, asList } from '../../../lib/api-client';

/** Under ['packages'] so the admin page's invalidation also refreshes this list. */
export const publicPackagesKey = ['packages', 'public'] as const;

export function usePublicPackages() {
  return useQuery({
    queryKey: publicPackagesKey,
    queryFn: async ({ signal }) => asList<TPackage>(await api.get<unknown>('/api/packages', signal), 'packages'),
  });
}
