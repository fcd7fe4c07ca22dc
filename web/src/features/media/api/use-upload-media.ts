import { uploadForm } from '../../../lib/api-client';
import { ZMedia } from '@pano/contract';
import { useUploadMutation } from '../../../lib/use-upload-mutation';
import { mediaKeys } from '../../../api/media.api';

export type UploadMediaInput = { file: File; name: string };

function uploadMedia({ file, name }: UploadMediaInput, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file);
  return uploadForm('/api/media/upload', ZMedia, form, { onProgress });
}

/** POST /api/media/upload with the browser's upload progress (0-100, null when no upload runs). */
export function useUploadMedia() {
  return useUploadMutation(uploadMedia, mediaKeys.all);
}
