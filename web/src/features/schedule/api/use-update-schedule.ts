import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TScheduleWrite } from '@pano/contract';
import { ZSchedule } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { scheduleKeys } from './use-schedules';

/** PUT replaces the whole entry (docs/PRODUCT.md#schedules-api), so the body is the full form. */
export function useUpdateSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TScheduleWrite }) => api.put(`/api/schedules/${id}`, ZSchedule, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
