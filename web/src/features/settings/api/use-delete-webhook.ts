import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './use-webhooks';

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/webhooks/${id}`, ZOkResponse),
    onSuccess: (_answer, id) => qc.removeQueries({ queryKey: webhookKeys.deliveries(id) }),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.all, exact: true }),
  });
}
