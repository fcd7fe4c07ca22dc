import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLayout } from '@pano/contract';
import { ZLayoutListAnswer } from '@pano/contract';
import { api } from '../lib/api-client';

export const layoutKeys = { all: ['layouts'] as const, templates: ['layouts', 'templates'] as const };

/** GET /api/layouts (docs/PRODUCT.md#layouts): the array, or an object wrapping it (docs/CONTRACT.md#lists). */
export async function fetchLayouts(signal?: AbortSignal): Promise<TLayout[]> {
  return api.get('/api/layouts', ZLayoutListAnswer, signal);
}

export const layoutsQuery = queryOptions({ queryKey: layoutKeys.all, queryFn: ({ signal }) => fetchLayouts(signal) });

/** The customer's layouts: /layouts and the assignment's choices. */
export function useLayouts() {
  return useQuery(layoutsQuery);
}
