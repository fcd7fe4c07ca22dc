import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMedia } from '@pano/contract';
import { uploadForm } from '../../../lib/api-client';
import { mediaKeys } from '../../../api/media.api';

export type UploadMediaInput = { file: File; name: string };

function uploadMedia({ file, name }: UploadMediaInput, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file);
  return uploadForm<TMedia>('/api/media/upload', form, { onProgress });
}

/** POST /api/media/upload with the browser's upload progress (0-100, null when no upload runs). */
export function useUploadMedia() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (input: UploadMediaInput) => {
      setProgress(0);
      return uploadMedia(input, setProgress);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: mediaKeys.all }),
  });
  return { ...mutation, progress: mutation.isPending ? progress : null };
}
