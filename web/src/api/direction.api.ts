import { useQuery } from '@tanstack/react-query';
import type { TDirectionPlaylist } from '@pano/contract';
import { api, asList } from '../lib/api-client';

export const directionKeys = { all: ['direction-playlists'] as const };

export async function fetchDirectionPlaylists(signal?: AbortSignal): Promise<TDirectionPlaylist[]> {
  return asList<TDirectionPlaylist>(await api.get<unknown>('/api/direction-playlists', signal), 'directionPlaylists');
}

export function useDirectionPlaylists() {
  return useQuery({ queryKey: directionKeys.all, queryFn: ({ signal }) => fetchDirectionPlaylists(signal) });
}
