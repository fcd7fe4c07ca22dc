import { useQuery } from '@tanstack/react-query';
import type { TMedia } from '@pano/contract';
import { api, asList } from '../lib/api-client';

export const mediaKeys = { all: ['media'] as const };

/** docs/PRODUCT.md#api: an array, or an object with `medias`; anything else counts as empty. */
export async function fetchMedia(signal?: AbortSignal): Promise<TMedia[]> {
  return asList<TMedia>(await api.get<unknown>('/api/media', signal), 'medias');
}

export function useMediaList() {
  return useQuery({ queryKey: mediaKeys.all, queryFn: ({ signal }) => fetchMedia(signal) });
}
