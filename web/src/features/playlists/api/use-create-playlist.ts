import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreatePlaylistRequest } from '@pano/contract';
import { ZPlaylist } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { playlistKeys } from '../../../api/playlists.api';

export function useCreatePlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreatePlaylistRequest) => api.post('/api/playlists', ZPlaylist, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
