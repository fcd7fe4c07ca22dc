import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAssignedUsage, ZOkResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { playlistKeys } from '../../../api/playlists.api';
import { screenKeys } from '../../../api/screens.api';

/** What the delete would affect, for its confirmation. */
export const fetchPlaylistUsage = (id: string) => api.get(`/api/playlists/${id}/usage`, ZAssignedUsage);

/** DELETE /api/playlists/{id}; the list reloads either way, and screens that showed it lose it. */
export function useDeletePlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/playlists/${id}`, ZOkResponse),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: playlistKeys.all }),
      qc.invalidateQueries({ queryKey: screenKeys.all }),
    ]),
  });
}
