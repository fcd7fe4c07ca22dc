import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSchedule } from '@pano/contract';
import { ZSchedule } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { bodyFromSchedule } from '../schedule-draft';
import { scheduleKeys } from './use-schedules';

/** Turns an entry on or off: PUT takes the whole entry, so the rest is sent as it is. The list reloads either way. */
export function useToggleSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (schedule: TSchedule) =>
      api.put(`/api/schedules/${schedule._id}`, ZSchedule, { ...bodyFromSchedule(schedule), enabled: !schedule.enabled }),
    onSettled: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
