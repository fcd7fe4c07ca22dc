import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAssignedUsage, type TCreateDirectionRequest, type TDirectionPlaylist, type TUpdateDirectionRequest } from '@pano/contract';
import { api, asList } from '../lib/api-client';

export const directionKeys = { all: ['direction-playlists'] as const };

export async function fetchDirectionPlaylists(signal?: AbortSignal): Promise<TDirectionPlaylist[]> {
  return asList<TDirectionPlaylist>(await api.get<unknown>('/api/direction-playlists', signal), 'directionPlaylists');
}

export function useDirectionPlaylists() {
  return useQuery({ queryKey: directionKeys.all, queryFn: ({ signal }) => fetchDirectionPlaylists(signal) });
}

export function useInvalidateDirection() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: directionKeys.all });
}

export const createDirection = (body: TCreateDirectionRequest) => api.post<TDirectionPlaylist>('/api/direction-playlists', body);
export const updateDirection = (id: string, body: TUpdateDirectionRequest) =>
  api.put<TDirectionPlaylist>(`/api/direction-playlists/${id}`, body);
/** Parsed: a confirmation must not name garbage; a bad answer falls back to the plain question. */
export const fetchDirectionUsage = async (id: string) => ZAssignedUsage.parse(await api.get<unknown>(`/api/direction-playlists/${id}/usage`));
export const deleteDirection = (id: string) => api.delete<unknown>(`/api/direction-playlists/${id}`);
