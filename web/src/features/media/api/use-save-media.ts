import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateAppRequest, TUpdateMediaRequest } from '@pano/contract';
import { ZMedia } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { mediaKeys } from '../../../api/media.api';
import { playlistKeys } from '../../../api/playlists.api';
import { savedOrPending } from '../../../api/approvals.api';

type Save = { id: null; body: TCreateAppRequest } | { id: string; body: TUpdateMediaRequest };

/**
 * POST /api/media/apps (no id: a new app), or PUT /api/media/{id}: a new name for any item, and
 * an app's new settings (its kind stays). The saved item; a web app's answer may carry a
 * `warning`. Playlists show the names too, so they reload with the library.
 */
export function useSaveMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: Save) => (id === null
      ? api.post('/api/media/apps', ZMedia, body)
      : api.put(`/api/media/${id}`, savedOrPending(ZMedia), body)),
    onSuccess: () => Promise.all([
      qc.invalidateQueries({ queryKey: mediaKeys.all }),
      qc.invalidateQueries({ queryKey: playlistKeys.all }),
    ]),
  });
}
