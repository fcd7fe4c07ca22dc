import { useQuery } from '@tanstack/react-query';
import { ZDisplaySettings } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const displayKey = ['settings', 'display'] as const;

/** `enabled`: false for someone the page shows no display settings to (below an account admin). */
export function useDisplaySettings(enabled = true) {
  return useQuery({ queryKey: displayKey, queryFn: ({ signal }) => api.get('/api/settings', ZDisplaySettings, signal), enabled });
}
