import { useQuery } from '@tanstack/react-query';
import { ZCurrentPackageResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';

/** The running package ('Mevcut paketiniz'), or null. Under ['my-package'] so a purchase's reload refreshes it. */
export function useCurrentPackage() {
  return useQuery({
    queryKey: ['my-package', 'current'],
    queryFn: async ({ signal }) => (await api.get('/api/purchase/current', ZCurrentPackageResponse, signal)).current,
  });
}
