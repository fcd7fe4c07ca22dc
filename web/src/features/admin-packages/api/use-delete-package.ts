import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPackageUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { packageKeys } from './use-admin-packages';

/** What the delete would affect, for its confirmation. Parsed: a bad answer falls back to the plain question. */
export const fetchPackageUsage = async (id: string) => ZPackageUsage.parse(await api.get<unknown>(`/api/packages/admin/${id}/usage`));

/** DELETE /api/packages/admin/{id}; the list reloads either way. */
export function useDeletePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/packages/admin/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
