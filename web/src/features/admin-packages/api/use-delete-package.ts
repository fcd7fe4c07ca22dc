import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchUsage } from '../../../lib/fetch-usage';
import { packageKeys } from './use-admin-packages';

/** What the delete would affect, for its confirmation. */
export const fetchPackageUsage = (id: string) => fetchUsage(`/api/packages/admin/${id}/usage`, (c) => c.ZPackageUsage);

/** DELETE /api/packages/admin/{id}; the list reloads either way. */
export function useDeletePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/packages/admin/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
