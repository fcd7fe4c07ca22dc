import { useQuery } from '@tanstack/react-query';
import type { TTickerPlaylist } from '@pano/contract';
import { ZTickerPlaylistListAnswer } from '@pano/contract';
import { api } from '../lib/api-client';

export const tickerKeys = { all: ['ticker-playlists'] as const };

export async function fetchTickerPlaylists(signal?: AbortSignal): Promise<TTickerPlaylist[]> {
  return api.get('/api/direction-playlists', ZTickerPlaylistListAnswer, signal);
}

export function useTickerPlaylists() {
  return useQuery({ queryKey: tickerKeys.all, queryFn: ({ signal }) => fetchTickerPlaylists(signal) });
}
