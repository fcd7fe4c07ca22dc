import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPlaylist, TUpdatePlaylistRequest } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { playlistKeys } from '../../../api/playlists.api';

export function useUpdatePlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdatePlaylistRequest }) => api.put<TPlaylist>(`/api/playlists/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
