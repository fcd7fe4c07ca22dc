import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateDirectionRequest, TDirectionPlaylist } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { directionKeys } from '../../../api/direction.api';

export function useCreateDirection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateDirectionRequest) => api.post<TDirectionPlaylist>('/api/direction-playlists', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: directionKeys.all }),
  });
}
