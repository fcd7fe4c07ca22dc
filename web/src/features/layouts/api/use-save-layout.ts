import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateLayoutRequest } from '@pano/contract';
import { ZLayout } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { layoutKeys } from '../../../api/layouts.api';
import { savedOrPending } from '../../../api/approvals.api';

/** POST /api/layouts (no id) or PUT /api/layouts/{id}: the whole layout, zones as a list. */
export function useSaveLayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TCreateLayoutRequest }) => (id
      ? api.put(`/api/layouts/${id}`, savedOrPending(ZLayout), body)
      : api.post('/api/layouts', ZLayout, body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: layoutKeys.all }),
  });
}
