import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDirectionPlaylist, TUpdateDirectionRequest } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { directionKeys } from '../../../api/direction.api';

export function useUpdateDirection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateDirectionRequest }) =>
      api.put<TDirectionPlaylist>(`/api/direction-playlists/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: directionKeys.all }),
  });
}
