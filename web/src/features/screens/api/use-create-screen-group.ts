import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateScreenGroupRequest } from '@pano/contract';
import { ZScreenGroup } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';
import { screenGroupKeys } from '../../../api/screen-groups.api';

/** POST /api/screen-groups; the screens reload too, since each card lists its groups. */
export function useCreateScreenGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateScreenGroupRequest) => api.post('/api/screen-groups', ZScreenGroup, body),
    onSuccess: () => Promise.all([
      qc.invalidateQueries({ queryKey: screenGroupKeys.all }),
      qc.invalidateQueries({ queryKey: screenKeys.all }),
    ]),
  });
}
