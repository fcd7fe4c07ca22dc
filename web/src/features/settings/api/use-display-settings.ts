import { useQuery } from '@tanstack/react-query';
import type { TDisplaySettings } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const displayKey = ['settings', 'display'] as const;

export function useDisplaySettings() {
  return useQuery({ queryKey: displayKey, queryFn: ({ signal }) => api.get<TDisplaySettings>('/api/settings', signal) });
}
