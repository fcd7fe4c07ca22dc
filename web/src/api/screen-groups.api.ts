import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TScreenGroup } from '@pano/contract';
import { ZScreenGroupListAnswer } from '@pano/contract';
import { api } from '../lib/api-client';

export const screenGroupKeys = { all: ['screen-groups'] as const };

/** docs/PRODUCT.md#screen-groups-api: the customer's groups by name, each with its screens. */
export async function fetchScreenGroups(signal?: AbortSignal): Promise<TScreenGroup[]> {
  return api.get('/api/screen-groups', ZScreenGroupListAnswer, signal);
}

export const screenGroupsQuery = queryOptions({ queryKey: screenGroupKeys.all, queryFn: ({ signal }) => fetchScreenGroups(signal) });

export function useScreenGroups() {
  return useQuery(screenGroupsQuery);
}
