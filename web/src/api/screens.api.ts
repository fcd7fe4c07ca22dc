import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZScreenUsage, type TAssignScreenRequest, type TCreateScreenRequest, type TScreen } from '@pano/contract';
import { api, asList } from '../lib/api-client';

export const screenKeys = { all: ['screens'] as const };

/** docs/PRODUCT.md#api: an array, or an object with `screens`. */
export async function fetchScreens(signal?: AbortSignal): Promise<TScreen[]> {
  return asList<TScreen>(await api.get<unknown>('/api/screens', signal), 'screens');
}

export function useScreens() {
  return useQuery({ queryKey: screenKeys.all, queryFn: ({ signal }) => fetchScreens(signal) });
}

export function useInvalidateScreens() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: screenKeys.all });
}

/** docs/PRODUCT.md#screens-api: the client sends status 'active' with the name. */
export const createScreen = (name: string) =>
  api.post<TScreen>('/api/screens', { name, status: 'active' } satisfies TCreateScreenRequest);
/** Parsed: a confirmation must not name garbage; a bad answer falls back to the plain question. */
export const fetchScreenUsage = async (id: string) => ZScreenUsage.parse(await api.get<unknown>(`/api/screens/${id}/usage`));
export const deleteScreen = (id: string) => api.delete<unknown>(`/api/screens/${id}`);
export const assignScreen = (id: string, body: TAssignScreenRequest) => api.put<TScreen>(`/api/screens/${id}`, body);
