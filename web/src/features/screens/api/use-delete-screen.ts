import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse, ZScreenUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';
import { deviceKeys } from '../../../api/devices/devices-query';

/** What the delete would affect, for its confirmation. */
export const fetchScreenUsage = (id: string) => api.get(`/api/screens/${id}/usage`, ZScreenUsage);

/** DELETE /api/screens/{id}; the list reloads either way, and so do the devices (theirs now show no screen). */
export function useDeleteScreen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/screens/${id}`, ZOkResponse),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: screenKeys.all }),
      qc.invalidateQueries({ queryKey: deviceKeys.all }),
    ]),
  });
}
