import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageKeys } from './use-admin-packages';

/** What the delete would affect, for its confirmation. */
export const fetchPackageUsage = (id: string) => api.get(`/api/packages/admin/${id}/usage`, (c) => c.ZPackageUsage);

/** DELETE /api/packages/admin/{id}; the list reloads either way. */
export function useDeletePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/packages/admin/${id}`, (c) => c.ZOkResponse),
    onSettled: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
