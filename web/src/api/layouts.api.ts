import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZLayoutListAnswer } from '@pano/contract';
import { api } from '../lib/api-client';

export const layoutKeys = { all: ['layouts'] as const };

/** GET /api/layouts (docs/PRODUCT.md#layouts): the array, or an object wrapping it (docs/CONTRACT.md#lists). */
const layoutsQuery = queryOptions({ queryKey: layoutKeys.all, queryFn: ({ signal }) => api.get('/api/layouts', ZLayoutListAnswer, signal) });

/** The customer's layouts, for /layouts. */
export function useLayouts() {
  return useQuery(layoutsQuery);
}

/**
 * The layouts to offer beside the playlists (/assignment, the schedule form): none while they
 * load or when they cannot be read, so those pages work as before without them.
 */
export function useLayoutChoices() {
  const layouts = useQuery(layoutsQuery);
  return layouts.isError ? [] : (layouts.data ?? []);
}
