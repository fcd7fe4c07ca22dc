import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAlert } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { alertKeys } from './use-alerts';

/** POST /api/alert-templates/{id}/send with the template's own targets. */
export function useSendAlertTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/alert-templates/${id}/send`, ZAlert, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
