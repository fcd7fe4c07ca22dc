import { useQuery } from '@tanstack/react-query';
import type { TTickerPlaylist } from '@pano/contract';
import { api, asList } from '../lib/api-client';

export const tickerKeys = { all: ['ticker-playlists'] as const };

export async function fetchTickerPlaylists(signal?: AbortSignal): Promise<TTickerPlaylist[]> {
  return asList<TTickerPlaylist>(await api.get<unknown>('/api/direction-playlists', signal), 'directionPlaylists');
}

export function useTickerPlaylists() {
  return useQuery({ queryKey: tickerKeys.all, queryFn: ({ signal }) => fetchTickerPlaylists(signal) });
}
