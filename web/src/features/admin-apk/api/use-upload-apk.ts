import { uploadForm } from '../../../lib/api-client';
import { ZApkInfo } from '@pano/contract';
import { useUploadMutation } from '../../../lib/use-upload-mutation';
import { apkKeys } from '../../../api/apk.api';

export type UploadApkInput = { file: File; version: string };

/** docs/PRODUCT.md#settings-api: multipart, file field `apk`, optional `version`. */
function uploadApk({ file, version }: UploadApkInput, onProgress: (percent: number) => void) {
  const form = new FormData();
  if (version.trim()) form.append('version', version.trim());
  form.append('apk', file);
  return uploadForm('/api/settings/apk', ZApkInfo, form, { onProgress });
}

/** POST /api/settings/apk with the browser's upload progress (0-100, null when no upload runs). */
export function useUploadApk() {
  return useUploadMutation(uploadApk, apkKeys.all);
}
