import { useQuery } from '@tanstack/react-query';
import type { TSchedule } from '@pano/contract';
import { ZScheduleListAnswer } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const scheduleKeys = { all: ['schedules'] as const };

export async function fetchSchedules(signal?: AbortSignal): Promise<TSchedule[]> {
  return api.get('/api/schedules', ZScheduleListAnswer, signal);
}

/**
 * Entries change under other pages too (deleting a playlist deletes its entries, renaming it
 * renames it here), so the page asks again each time it opens instead of trusting a copy.
 */
export function useSchedules() {
  return useQuery({ queryKey: scheduleKeys.all, queryFn: ({ signal }) => fetchSchedules(signal), refetchOnMount: 'always' });
}
