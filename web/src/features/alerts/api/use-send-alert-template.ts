import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertKeys } from './use-alerts';
import type { SentAlert } from './use-send-alert';

/** POST /api/alert-templates/{id}/send with the template's own targets. */
export function useSendAlertTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<SentAlert>(`/api/alert-templates/${id}/send`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
