import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlaylist } from '@pano/contract';
import { api } from '../lib/api-client';
import { playlistListAnswer } from './entry-schemas';

export const playlistKeys = { all: ['playlists'] as const };

export async function fetchPlaylists(signal?: AbortSignal): Promise<TPlaylist[]> {
  return api.get('/api/playlists', playlistListAnswer, signal);
}

/** The list's query, shared by the page and the route's loader. */
export const playlistsQuery = queryOptions({ queryKey: playlistKeys.all, queryFn: ({ signal }) => fetchPlaylists(signal) });

export function usePlaylists() {
  return useQuery(playlistsQuery);
}
