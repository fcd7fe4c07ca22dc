import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertTemplateKeys } from './use-alert-templates';

export function useDeleteAlertTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/alert-templates/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: alertTemplateKeys.all }),
  });
}
