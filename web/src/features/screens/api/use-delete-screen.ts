import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZScreenUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';

/** What the delete would affect, for its confirmation. Parsed: a bad answer falls back to the plain question. */
export const fetchScreenUsage = async (id: string) => ZScreenUsage.parse(await api.get<unknown>(`/api/screens/${id}/usage`));

/** DELETE /api/screens/{id}; the list reloads either way. */
export function useDeleteScreen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/screens/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: screenKeys.all }),
  });
}
