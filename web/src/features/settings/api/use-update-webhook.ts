import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWebhook, type TWebhookWriteBody } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './use-webhooks';

/** PUT /api/webhooks/{id} with the whole hook: an edit, or 'Aç' / 'Kapat' with the same address and events. */
export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TWebhookWriteBody }) => api.put(`/api/webhooks/${id}`, ZWebhook, body),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.all, exact: true }),
  });
}
