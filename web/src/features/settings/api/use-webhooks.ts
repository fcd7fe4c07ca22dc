import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZWebhookDeliveryListAnswer, ZWebhookListAnswer, type TWebhookDelivery } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

/** How often an open deliveries list asks again while one of its messages is still being sent. */
export const PENDING_REFETCH_MS = 2_000;

export const webhooksQuery = queryOptions({ queryKey: webhookKeys.all, queryFn: ({ signal }) => api.get('/api/webhooks', ZWebhookListAnswer, signal) });

export function useWebhooks() {
  return useQuery(webhooksQuery);
}

const anyPending = (list: TWebhookDelivery[] | undefined) => Boolean(list?.some((d) => d.status === 'pending'));

/**
 * GET /api/webhooks/{id}/deliveries, newest first, for an open 'Gönderimler' list. A pending
 * message is retried by the server on its own schedule, so the list follows it every 2 s
 * until none is left pending.
 */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => api.get(`/api/webhooks/${id}/deliveries`, ZWebhookDeliveryListAnswer, signal),
    refetchInterval: (query) => (anyPending(query.state.data) ? PENDING_REFETCH_MS : false),
  });
}
