import { useQuery } from '@tanstack/react-query';
import { ZDisplaySettings } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const displayKey = ['settings', 'display'] as const;

export function useDisplaySettings() {
  return useQuery({ queryKey: displayKey, queryFn: ({ signal }) => api.get('/api/settings', ZDisplaySettings, signal) });
}
