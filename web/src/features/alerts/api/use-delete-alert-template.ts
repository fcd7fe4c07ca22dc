import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertTemplateKeys } from './use-alert-templates';

export function useDeleteAlertTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/alert-templates/${id}`, (c) => c.ZOkResponse),
    onSettled: () => qc.invalidateQueries({ queryKey: alertTemplateKeys.all }),
  });
}
