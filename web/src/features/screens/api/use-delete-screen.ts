import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchUsage } from '../../../lib/fetch-usage';
import { screenKeys } from '../../../api/screens.api';
import { deviceKeys } from '../../../api/devices/devices-query';

/** What the delete would affect, for its confirmation. */
export const fetchScreenUsage = (id: string) => fetchUsage(`/api/screens/${id}/usage`, (c) => c.ZScreenUsage);

/** DELETE /api/screens/{id}; the list reloads either way, and so do the devices (theirs now show no screen). */
export function useDeleteScreen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/screens/${id}`),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: screenKeys.all }),
      qc.invalidateQueries({ queryKey: deviceKeys.all }),
    ]),
  });
}
