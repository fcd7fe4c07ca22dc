import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMediaUsage, type TMedia } from '@pano/contract';
import { api, asList, uploadForm } from '../lib/api-client';

export const mediaKeys = { all: ['media'] as const };

/** docs/PRODUCT.md#api: an array, or an object with `medias`; anything else counts as empty. */
export async function fetchMedia(signal?: AbortSignal): Promise<TMedia[]> {
  return asList<TMedia>(await api.get<unknown>('/api/media', signal), 'medias');
}

export function useMediaList() {
  return useQuery({ queryKey: mediaKeys.all, queryFn: ({ signal }) => fetchMedia(signal) });
}

export function uploadMedia(file: File, name: string, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file);
  return uploadForm<TMedia>('/api/media/upload', form, { onProgress });
}

/** Parsed: a confirmation must not name garbage; a bad answer falls back to the plain question. */
export const fetchMediaUsage = async (id: string) => ZMediaUsage.parse(await api.get<unknown>(`/api/media/${id}/usage`));
export const deleteMedia = (id: string) => api.delete<unknown>(`/api/media/${id}`);

export function useInvalidateMedia() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: mediaKeys.all });
}
