import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TUpdatePlaylistRequest } from '@pano/contract';
import { ZPlaylist } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { playlistKeys } from '../../../api/playlists.api';
import { savedOrPending } from '../../../api/approvals.api';

export function useUpdatePlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdatePlaylistRequest }) => api.put(`/api/playlists/${id}`, savedOrPending(ZPlaylist), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
