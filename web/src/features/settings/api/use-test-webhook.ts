import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWebhookDelivery } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './use-webhooks';

/** POST /api/webhooks/{id}/test: a 'webhook.test' message is queued (202); its hook's deliveries are asked again. */
export function useTestWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/webhooks/${id}/test`, ZWebhookDelivery),
    onSuccess: (_delivery, id) => qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
