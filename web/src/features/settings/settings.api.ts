import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApkInfo, TDisplaySettings, TMyPackage, TUpdateDisplaySettingsRequest } from '@pano/contract';
import { api } from '../../lib/api-client';

export const myPackageKey = (userId: string) => ['my-package', userId] as const;
const displayKey = ['settings', 'display'] as const;

/** docs/PRODUCT.md#settings: a customer without a package gets 402 here, and the client goes to /packages. */
export function useMyPackage(userId: string | undefined) {
  return useQuery({
    queryKey: myPackageKey(userId ?? ''),
    queryFn: ({ signal }) => api.get<TMyPackage>(`/api/purchase/my-package/${userId}`, signal),
    enabled: Boolean(userId),
    staleTime: 0,
  });
}

export function useDisplaySettings() {
  return useQuery({ queryKey: displayKey, queryFn: ({ signal }) => api.get<TDisplaySettings>('/api/settings', signal) });
}

export function useSetDisplaySettingsCache() {
  const qc = useQueryClient();
  return (s: TDisplaySettings) => qc.setQueryData(displayKey, s);
}

export const saveDisplaySettings = (body: TUpdateDisplaySettingsRequest) => api.put<TDisplaySettings>('/api/settings', body);
export const fetchApkInfo = () => api.get<TApkInfo>('/api/settings/apk');
