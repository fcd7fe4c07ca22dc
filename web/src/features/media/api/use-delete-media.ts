import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mediaKeys } from '../../../api/media.api';
import { playlistKeys } from '../../../api/playlists.api';

/**
 * What the delete would affect, for its confirmation. Parsed: a bad answer falls back to the plain
 * question. The schema is imported here, when a delete is asked for: nothing else on /media needs
 * zod, so the page loads without it (docs/PERFORMANCE.md#dashboard-first-load-p13).
 */
export async function fetchMediaUsage(id: string) {
  const [answer, { ZMediaUsage }] = await Promise.all([api.get<unknown>(`/api/media/${id}/usage`), import('@pano/contract')]);
  return ZMediaUsage.parse(answer);
}

/** DELETE /api/media/{id}; the list reloads either way, and playlists lose the media with it. */
export function useDeleteMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/media/${id}`),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: mediaKeys.all }),
      qc.invalidateQueries({ queryKey: playlistKeys.all }),
    ]),
  });
}
