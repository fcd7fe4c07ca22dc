import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreatePlaylistRequest, TPlaylist } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { playlistKeys } from '../../../api/playlists.api';

export function useCreatePlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreatePlaylistRequest) => api.post<TPlaylist>('/api/playlists', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
