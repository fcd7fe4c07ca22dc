import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMediaUsage, ZOkResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { mediaKeys } from '../../../api/media.api';
import { playlistKeys } from '../../../api/playlists.api';

/** What the delete would affect, for its confirmation. */
export const fetchMediaUsage = (id: string) => api.get(`/api/media/${id}/usage`, ZMediaUsage);

/** DELETE /api/media/{id}; the list reloads either way, and playlists lose the media with it. */
export function useDeleteMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/media/${id}`, ZOkResponse),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: mediaKeys.all }),
      qc.invalidateQueries({ queryKey: playlistKeys.all }),
    ]),
  });
}
