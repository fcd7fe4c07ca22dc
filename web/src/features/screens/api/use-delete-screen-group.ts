import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZScreenGroupUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';
import { screenGroupKeys } from '../../../api/screen-groups.api';

/** The schedules that target the group, for the delete's confirmation. Parsed: a bad answer falls back to the plain question. */
export const fetchScreenGroupUsage = async (id: string) =>
  ZScreenGroupUsage.parse(await api.get<unknown>(`/api/screen-groups/${id}/usage`));

/** DELETE /api/screen-groups/{id}; the groups and the screens (their chips) reload either way. */
export function useDeleteScreenGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/screen-groups/${id}`),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: screenGroupKeys.all }),
      qc.invalidateQueries({ queryKey: screenKeys.all }),
    ]),
  });
}
