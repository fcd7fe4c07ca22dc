import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCapFeedListAnswer, type TCapFeed } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const capKeys = {
  feeds: ['cap-feeds'] as const,
  settings: ['cap-settings'] as const,
};

/** How often the list asks again while a feed just added waits for its first poll. */
export const FIRST_POLL_REFETCH_MS = 2_000;

const awaitingFirstPoll = (list: TCapFeed[] | undefined) => Boolean(list?.some((f) => f.enabled && f.lastPolledAt === null));

/**
 * GET /api/cap-feeds. Saving a feed polls it at once on the server (docs/architecture/cap.md#feeds):
 * while a feed that is on has never been polled, the list follows it every 2 s, so the card shows
 * what the first read found (or why it failed) without a reload.
 */
export const capFeedsQuery = queryOptions({
  queryKey: capKeys.feeds,
  queryFn: ({ signal }) => api.get('/api/cap-feeds', ZCapFeedListAnswer, signal),
  refetchInterval: (query) => (awaitingFirstPoll(query.state.data) ? FIRST_POLL_REFETCH_MS : false),
});

export function useCapFeeds() {
  return useQuery(capFeedsQuery);
}
