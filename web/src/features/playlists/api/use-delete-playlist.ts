import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAssignedUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { playlistKeys } from '../../../api/playlists.api';
import { screenKeys } from '../../../api/screens.api';

/** What the delete would affect, for its confirmation. Parsed: a bad answer falls back to the plain question. */
export const fetchPlaylistUsage = async (id: string) => ZAssignedUsage.parse(await api.get<unknown>(`/api/playlists/${id}/usage`));

/** DELETE /api/playlists/{id}; the list reloads either way, and screens that showed it lose it. */
export function useDeletePlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/playlists/${id}`),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: playlistKeys.all }),
      qc.invalidateQueries({ queryKey: screenKeys.all }),
    ]),
  });
}
