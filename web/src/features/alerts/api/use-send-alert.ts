import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateAlertRequest } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { alertKeys } from './use-alerts';

export type SentAlert = { _id: string; startedAt: string; endsAt: string | null; targetCount: number };

/** POST /api/alerts. */
export function useSendAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAlertRequest) => api.post<SentAlert>('/api/alerts', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
