import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPackageUsage, type TPackage, type TPackageWrite } from '@pano/contract';
import { api, asList } from '../../lib/api-client';

const adminPackagesKey = ['packages', 'admin'] as const;

export function useAdminPackages() {
  return useQuery({
    queryKey: adminPackagesKey,
    queryFn: async ({ signal }) => asList<TPackage>(await api.get<unknown>('/api/packages/admin', signal), 'packages'),
  });
}

/** docs/PRODUCT.md#admin-packages: the list reloads after every change (the public catalogue too). */
export function useReloadPackages() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['packages'] });
}

export const createPackage = (body: TPackageWrite) => api.post<TPackage>('/api/packages/admin', body);
export const updatePackage = (id: string, body: TPackageWrite) => api.put<TPackage>(`/api/packages/admin/${id}`, body);
/** docs/PRODUCT.md#admin-packages: the status button sends only the opposite isActive. */
export const setPackageActive = (id: string, isActive: boolean) => api.put<TPackage>(`/api/packages/admin/${id}`, { isActive });
/** Parsed: a confirmation must not name garbage; a bad answer falls back to the plain question. */
export const fetchPackageUsage = async (id: string) => ZPackageUsage.parse(await api.get<unknown>(`/api/packages/admin/${id}/usage`));
export const deletePackage = (id: string) => api.delete<unknown>(`/api/packages/admin/${id}`);
