import { useQuery } from '@tanstack/react-query';
import { ZPackageListAnswer } from '@pano/contract';
import { api } from '../../../lib/api-client';

/** Under ['packages'], which every package write invalidates (the public catalogue shares the prefix). */
export const packageKeys = { all: ['packages'] as const, admin: ['packages', 'admin'] as const };

export function useAdminPackages() {
  return useQuery({
    queryKey: packageKeys.admin,
    queryFn: ({ signal }) => api.get('/api/packages/admin', ZPackageListAnswer, signal),
  });
}
