import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateAppRequest } from '@pano/contract';
import { ZMedia } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { mediaKeys } from '../../../api/media.api';

/** POST /api/media/apps: the new library item; a web app's answer may carry a `warning`. */
export function useCreateApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAppRequest) => api.post('/api/media/apps', ZMedia, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}
