import { useQuery } from '@tanstack/react-query';
import { ZApkInfo } from '@pano/contract';
import { api } from '../lib/api-client';

export const apkKeys = { all: ['settings', 'apk'] as const };

/**
 * GET /api/settings/apk: the current Android app. `enabled: false` fetches only on refetch()
 * (the download button asks at the moment it is pressed). No retry: no APK yet is normal.
 */
export function useApkInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: apkKeys.all,
    queryFn: ({ signal }) => api.get('/api/settings/apk', ZApkInfo, signal),
    retry: false,
    enabled,
  });
}
