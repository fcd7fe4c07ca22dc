import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TPackageWrite } from '@pano/contract';
import { ZPackage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { packageKeys } from './use-admin-packages';

export function useUpdatePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TPackageWrite }) => api.put(`/api/packages/admin/${id}`, ZPackage, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
