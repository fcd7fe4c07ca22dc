import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TScheduleWrite } from '@pano/contract';
import { ZSchedule } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { scheduleKeys } from './use-schedules';

export function useCreateSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TScheduleWrite) => api.post('/api/schedules', ZSchedule, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
