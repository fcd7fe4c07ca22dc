import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMedia } from '@pano/contract';
import { api } from '../lib/api-client';
import { mediaListAnswer } from './entry-schemas';

export const mediaKeys = { all: ['media'] as const };

/** docs/PRODUCT.md#api: an array, or an object with `medias`; anything else counts as empty (docs/CONTRACT.md#lists). */
export async function fetchMedia(signal?: AbortSignal): Promise<TMedia[]> {
  return api.get('/api/media', mediaListAnswer, signal);
}

/** The list's query, shared by the page and the route's loader (which starts it with the page's code). */
export const mediaListQuery = queryOptions({ queryKey: mediaKeys.all, queryFn: ({ signal }) => fetchMedia(signal) });

export function useMediaList() {
  return useQuery(mediaListQuery);
}
