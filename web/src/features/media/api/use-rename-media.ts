import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMedia } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { mediaKeys } from '../../../api/media.api';
import { playlistKeys } from '../../../api/playlists.api';

/** PUT /api/media/{id} with a new name; playlists show the name too. */
export function useRenameMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.put(`/api/media/${id}`, ZMedia, { name }),
    onSuccess: () => Promise.all([
      qc.invalidateQueries({ queryKey: mediaKeys.all }),
      qc.invalidateQueries({ queryKey: playlistKeys.all }),
    ]),
  });
}
