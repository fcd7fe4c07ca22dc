import { useQuery } from '@tanstack/react-query';
import type { TAlert, TAlertDetail } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const alertKeys = {
  all: ['alerts'] as const,
  detail: (id: string) => ['alerts', id] as const,
};

/** GET /api/alerts: the active ones, then the last 100 ended. */
export function useAlerts() {
  return useQuery({ queryKey: alertKeys.all, queryFn: ({ signal }) => api.get<TAlert[]>('/api/alerts', signal), refetchOnMount: 'always' });
}

/** How often an active alert's acknowledgements are asked again: no socket event carries them yet. */
export const ACK_POLL_MS = 1000;

/** GET /api/alerts/{id}, asked again every second while the alert is active. */
export function useAlertDetail(id: string) {
  return useQuery({
    queryKey: alertKeys.detail(id),
    queryFn: ({ signal }) => api.get<TAlertDetail>(`/api/alerts/${id}`, signal),
    refetchInterval: (q) => (q.state.data && !q.state.data.active ? false : ACK_POLL_MS),
  });
}
