import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAssignedUsage, type TCreatePlaylistRequest, type TPlaylist, type TUpdatePlaylistRequest } from '@pano/contract';
import { api, asList } from '../lib/api-client';

export const playlistKeys = { all: ['playlists'] as const };

export async function fetchPlaylists(signal?: AbortSignal): Promise<TPlaylist[]> {
  return asList<TPlaylist>(await api.get<unknown>('/api/playlists', signal), 'playlists');
}

export function usePlaylists() {
  return useQuery({ queryKey: playlistKeys.all, queryFn: ({ signal }) => fetchPlaylists(signal) });
}

export function useInvalidatePlaylists() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: playlistKeys.all });
}

export const createPlaylist = (body: TCreatePlaylistRequest) => api.post<TPlaylist>('/api/playlists', body);
export const updatePlaylist = (id: string, body: TUpdatePlaylistRequest) => api.put<TPlaylist>(`/api/playlists/${id}`, body);
/** Parsed: a confirmation must not name garbage; a bad answer falls back to the plain question. */
export const fetchPlaylistUsage = async (id: string) => ZAssignedUsage.parse(await api.get<unknown>(`/api/playlists/${id}/usage`));
export const deletePlaylist = (id: string) => api.delete<unknown>(`/api/playlists/${id}`);
