import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { scheduleKeys } from './use-schedules';

/** DELETE /api/schedules/{id}; the list reloads either way. */
export function useDeleteSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/schedules/${id}`, ZOkResponse),
    onSettled: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
