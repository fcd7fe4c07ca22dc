import { useQuery } from '@tanstack/react-query';
import type { TSchedule } from '@pano/contract';
import { api, asList } from '../../../lib/api-client';

export const scheduleKeys = { all: ['schedules'] as const };

export async function fetchSchedules(signal?: AbortSignal): Promise<TSchedule[]> {
  return asList<TSchedule>(await api.get<unknown>('/api/schedules', signal), 'schedules');
}

/**
 * Entries change under other pages too (deleting a playlist deletes its entries, renaming it
 * renames it here), so the page asks again each time it opens instead of trusting a copy.
 */
export function useSchedules() {
  return useQuery({ queryKey: scheduleKeys.all, queryFn: ({ signal }) => fetchSchedules(signal), refetchOnMount: 'always' });
}
