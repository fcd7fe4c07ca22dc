import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApkInfo } from '@pano/contract';
import { api, uploadForm } from '../../lib/api-client';

const apkKey = ['settings', 'apk'] as const;

/** docs/PRODUCT.md#admin-apk: a failure here is ignored silently on the admin page (no APK yet is normal). */
export function useApkInfo() {
  return useQuery({ queryKey: apkKey, queryFn: ({ signal }) => api.get<TApkInfo>('/api/settings/apk', signal), retry: false });
}

export function useReloadApk() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: apkKey });
}

/** docs/PRODUCT.md#settings-api: multipart, file field `apk`, optional `version`. */
export function uploadApk(file: File, version: string, onProgress: (percent: number) => void) {
  const form = new FormData();
  if (version.trim()) form.append('version', version.trim());
  form.append('apk', file);
  return uploadForm<TApkInfo>('/api/settings/apk', form, { onProgress });
}
