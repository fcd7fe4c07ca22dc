import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { layoutKeys } from '../../../api/layouts.api';

/**
 * DELETE /api/layouts/{id}. A layout in use answers 409 with where it is used (its message
 * names the screens and schedules), shown beside the list; the list reloads either way.
 */
export function useDeleteLayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/layouts/${id}`, ZOkResponse),
    onSettled: () => qc.invalidateQueries({ queryKey: layoutKeys.all }),
  });
}
