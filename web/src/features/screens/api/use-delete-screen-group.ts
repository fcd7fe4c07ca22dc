import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse, ZScreenGroupUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';
import { screenGroupKeys } from '../../../api/screen-groups.api';

/** What the delete would affect, for its confirmation. */
export const fetchScreenGroupUsage = (id: string) => api.get(`/api/screen-groups/${id}/usage`, ZScreenGroupUsage);

/** DELETE /api/screen-groups/{id}; the groups and the screens (their chips) reload either way. */
export function useDeleteScreenGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/screen-groups/${id}`, ZOkResponse),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: screenGroupKeys.all }),
      qc.invalidateQueries({ queryKey: screenKeys.all }),
    ]),
  });
}
