import { useQuery } from '@tanstack/react-query';
import { ZAlertDetail, ZAlertListAnswer } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const alertKeys = {
  all: ['alerts'] as const,
  detail: (id: string) => ['alerts', id] as const,
};

/** GET /api/alerts: the active ones, then the last 100 ended. */
export function useAlerts() {
  return useQuery({ queryKey: alertKeys.all, queryFn: ({ signal }) => api.get('/api/alerts', ZAlertListAnswer, signal), refetchOnMount: 'always' });
}

/**
 * A safety net only: the detail follows `alert:acked` and `screen:status` on the dashboard
 * socket (`use-alerts-live.ts`); an active alert is read again this often in case an event
 * was missed.
 */
export const ACK_FALLBACK_MS = 20_000;

/** GET /api/alerts/{id}; kept live by `useAlertsLive`, read again every 20 s while active. */
export function useAlertDetail(id: string) {
  return useQuery({
    queryKey: alertKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/api/alerts/${id}`, ZAlertDetail, signal),
    refetchInterval: (q) => (q.state.data && !q.state.data.active ? false : ACK_FALLBACK_MS),
  });
}
