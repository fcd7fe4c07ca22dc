import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAssignedUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { directionKeys } from '../../../api/direction.api';
import { screenKeys } from '../../../api/screens.api';

/** What the delete would affect, for its confirmation. Parsed: a bad answer falls back to the plain question. */
export const fetchDirectionUsage = async (id: string) =>
  ZAssignedUsage.parse(await api.get<unknown>(`/api/direction-playlists/${id}/usage`));

/** DELETE /api/direction-playlists/{id}; the list reloads either way, and screens that showed it lose it. */
export function useDeleteDirection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/direction-playlists/${id}`),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: directionKeys.all }),
      qc.invalidateQueries({ queryKey: screenKeys.all }),
    ]),
  });
}
