import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { capKeys } from './use-cap-feeds';

/** DELETE /api/cap-feeds/{id}: the feed is no longer read; the alerts it started stay. */
export function useDeleteCapFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/cap-feeds/${id}`, ZOkResponse),
    onSettled: () => qc.invalidateQueries({ queryKey: capKeys.feeds, exact: true }),
  });
}
