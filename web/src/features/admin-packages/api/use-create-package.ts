import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TPackageWrite } from '@pano/contract';
import { ZPackage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { packageKeys } from './use-admin-packages';

/** docs/PRODUCT.md#admin-packages: the list reloads after every change (the public catalogue too). */
export function useCreatePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TPackageWrite) => api.post('/api/packages/admin', ZPackage, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
