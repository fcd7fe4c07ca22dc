import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlaylist } from '@pano/contract';
import { api, asList } from '../lib/api-client';

export const playlistKeys = { all: ['playlists'] as const };

export async function fetchPlaylists(signal?: AbortSignal): Promise<TPlaylist[]> {
  return asList<TPlaylist>(await api.get<unknown>('/api/playlists', signal), 'playlists');
}

/** The list's query, shared by the page and the route's loader. */
export const playlistsQuery = queryOptions({ queryKey: playlistKeys.all, queryFn: ({ signal }) => fetchPlaylists(signal) });

export function usePlaylists() {
  return useQuery(playlistsQuery);
}
