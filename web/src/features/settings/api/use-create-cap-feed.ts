import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCapFeed, type TCapFeedWriteBody } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { capKeys } from './use-cap-feeds';

/** POST /api/cap-feeds: the server checks the address and polls the new feed at once. */
export function useCreateCapFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCapFeedWriteBody) => api.post('/api/cap-feeds', ZCapFeed, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: capKeys.feeds, exact: true }),
  });
}
