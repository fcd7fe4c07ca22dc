import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { alertTemplateKeys } from './use-alert-templates';

export function useDeleteAlertTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/alert-templates/${id}`, ZOkResponse),
    onSettled: () => qc.invalidateQueries({ queryKey: alertTemplateKeys.all }),
  });
}
