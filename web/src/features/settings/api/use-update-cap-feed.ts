import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCapFeed, type TCapFeedWriteBody } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { capKeys } from './use-cap-feeds';

/** PUT /api/cap-feeds/{id} with the whole feed: an edit, or 'Aç' / 'Kapat' with the rest unchanged. */
export function useUpdateCapFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TCapFeedWriteBody }) => api.put(`/api/cap-feeds/${id}`, ZCapFeed, body),
    onSettled: () => qc.invalidateQueries({ queryKey: capKeys.feeds, exact: true }),
  });
}
