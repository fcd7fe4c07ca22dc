import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TScreen } from '@pano/contract';
import { ZScreenListAnswer } from '@pano/contract';
import { api } from '../lib/api-client';

export const screenKeys = { all: ['screens'] as const };

/** docs/PRODUCT.md#api: an array, or an object with `screens`. */
export async function fetchScreens(signal?: AbortSignal): Promise<TScreen[]> {
  return api.get('/api/screens', ZScreenListAnswer, signal);
}

export const screensQuery = queryOptions({ queryKey: screenKeys.all, queryFn: ({ signal }) => fetchScreens(signal) });

export function useScreens() {
  return useQuery(screensQuery);
}
