import { useQuery } from '@tanstack/react-query';
import type { TPackage } from '@pano/contract';
import { api, asList } from '../../../lib/api-client';

/** Under ['packages'], which every package write invalidates (the public catalogue shares the prefix). */
export const packageKeys = { all: ['packages'] as const, admin: ['packages', 'admin'] as const };

export function useAdminPackages() {
  return useQuery({
    queryKey: packageKeys.admin,
    queryFn: async ({ signal }) => asList<TPackage>(await api.get<unknown>('/api/packages/admin', signal), 'packages'),
  });
}
