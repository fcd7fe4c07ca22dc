import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse, ZPackageUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { packageKeys } from './use-admin-packages';

/** What the delete would affect, for its confirmation. */
export const fetchPackageUsage = (id: string) => api.get(`/api/packages/admin/${id}/usage`, ZPackageUsage);

/** DELETE /api/packages/admin/{id}; the list reloads either way. */
export function useDeletePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/packages/admin/${id}`, ZOkResponse),
    onSettled: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
