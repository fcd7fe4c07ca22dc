import { useQuery } from '@tanstack/react-query';
import { ZMyPackage } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const myPackageKey = (userId: string) => ['my-package', userId] as const;

/** docs/PRODUCT.md#settings: a customer without a package gets 402 here, and the client goes to /packages. */
export function useMyPackage(userId: string | undefined) {
  return useQuery({
    queryKey: myPackageKey(userId ?? ''),
    queryFn: ({ signal }) => api.get(`/api/purchase/my-package/${userId}`, ZMyPackage, signal),
    enabled: Boolean(userId),
    staleTime: 0,
  });
}
