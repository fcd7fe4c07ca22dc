import { useQuery } from '@tanstack/react-query';
import type { TSchedule } from '@pano/contract';
import { api, asList } from '../../../lib/api-client';

export const scheduleKeys = { all: ['schedules'] as const };

export async function fetchSchedules(signal?: AbortSignal): Promise<TSchedule[]> {
  return asList<TSchedule>(await api.get<unknown>('/api/schedules', signal), 'schedules');
}

export function useSchedules() {
  return useQuery({ queryKey: scheduleKeys.all, queryFn: ({ signal }) => fetchSchedules(signal) });
}
