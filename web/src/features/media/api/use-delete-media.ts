import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMediaUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { mediaKeys } from '../../../api/media.api';
import { playlistKeys } from '../../../api/playlists.api';

/** What the delete would affect, for its confirmation. Parsed: a bad answer falls back to the plain question. */
export const fetchMediaUsage = async (id: string) => ZMediaUsage.parse(await api.get<unknown>(`/api/media/${id}/usage`));

/** DELETE /api/media/{id}; the list reloads either way, and playlists lose the media with it. */
export function useDeleteMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/media/${id}`),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: mediaKeys.all }),
      qc.invalidateQueries({ queryKey: playlistKeys.all }),
    ]),
  });
}
