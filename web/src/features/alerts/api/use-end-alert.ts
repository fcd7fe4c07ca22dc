import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAlert } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { alertKeys } from './use-alerts';

/** DELETE /api/alerts/{id}: ends it now; the lists reload either way. */
export function useEndAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/alerts/${id}`, ZAlert),
    onSettled: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
