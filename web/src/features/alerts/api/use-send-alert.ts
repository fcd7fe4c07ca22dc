import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateAlertRequest } from '@pano/contract';
import { ZAlert } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { alertKeys } from './use-alerts';

/** POST /api/alerts. */
export function useSendAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAlertRequest) => api.post('/api/alerts', ZAlert, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
