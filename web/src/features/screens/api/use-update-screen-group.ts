import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TUpdateScreenGroupRequest } from '@pano/contract';
import { ZScreenGroup } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';
import { screenGroupKeys } from '../../../api/screen-groups.api';

/**
 * PUT /api/screen-groups/{id} with a new name and/or the whole new list of screens. The
 * screens reload too: their cards list their groups, and what plays now may change.
 */
export function useUpdateScreenGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateScreenGroupRequest }) =>
      api.put(`/api/screen-groups/${id}`, ZScreenGroup, body),
    onSuccess: () => Promise.all([
      qc.invalidateQueries({ queryKey: screenGroupKeys.all }),
      qc.invalidateQueries({ queryKey: screenKeys.all }),
    ]),
  });
}
