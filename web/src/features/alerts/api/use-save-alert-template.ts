import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TAlertTemplateWrite } from '@pano/contract';
import { ZAlertTemplate } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { alertTemplateKeys } from './use-alert-templates';

/** POST /api/alert-templates, or PUT /api/alert-templates/{id} with an id. */
export function useSaveAlertTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TAlertTemplateWrite }) =>
      id ? api.put(`/api/alert-templates/${id}`, ZAlertTemplate, body) : api.post('/api/alert-templates', ZAlertTemplate, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertTemplateKeys.all }),
  });
}
