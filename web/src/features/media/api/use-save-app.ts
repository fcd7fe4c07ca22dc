import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateAppRequest } from '@pano/contract';
import { ZMedia } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { mediaKeys } from '../../../api/media.api';
import { playlistKeys } from '../../../api/playlists.api';

/**
 * POST /api/media/apps (no id), or PUT /api/media/{id} with the name and the settings (the kind
 * stays): the saved library item; a web app's answer may carry a `warning`.
 */
export function useSaveApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TCreateAppRequest }) => (id
      ? api.put(`/api/media/${id}`, ZMedia, body)
      : api.post('/api/media/apps', ZMedia, body)),
    onSuccess: () => Promise.all([
      qc.invalidateQueries({ queryKey: mediaKeys.all }),
      qc.invalidateQueries({ queryKey: playlistKeys.all }),
    ]),
  });
}
