import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZScreenUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';
import { deviceKeys } from '../../../api/devices/devices-query';

/** What the delete would affect, for its confirmation. Parsed: a bad answer falls back to the plain question. */
export const fetchScreenUsage = async (id: string) => ZScreenUsage.parse(await api.get<unknown>(`/api/screens/${id}/usage`));

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
