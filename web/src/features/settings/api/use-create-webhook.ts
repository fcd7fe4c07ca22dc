import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreatedWebhook, type TWebhookWriteBody } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './use-webhooks';

/** POST /api/webhooks: the only answer that carries the signing secret. */
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TWebhookWriteBody) => api.post('/api/webhooks', ZCreatedWebhook, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all, exact: true }),
  });
}
