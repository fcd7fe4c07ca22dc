import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPackage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { packageKeys } from './use-admin-packages';

/** docs/PRODUCT.md#admin-packages: the status button sends only the opposite isActive; the list reloads either way. */
export function useTogglePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => api.put(`/api/packages/admin/${id}`, ZPackage, { isActive }),
    onSettled: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
