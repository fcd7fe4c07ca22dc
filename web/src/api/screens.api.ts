import { useQuery } from '@tanstack/react-query';
import type { TScreen } from '@pano/contract';
import { api, asList } from '../lib/api-client';

export const screenKeys = { all: ['screens'] as const };

/** docs/PRODUCT.md#api: an array, or an object with `screens`. */
export async function fetchScreens(signal?: AbortSignal): Promise<TScreen[]> {
  return asList<TScreen>(await api.get<unknown>('/api/screens', signal), 'screens');
}

export function useScreens() {
  return useQuery({ queryKey: screenKeys.all, queryFn: ({ signal }) => fetchScreens(signal) });
}
