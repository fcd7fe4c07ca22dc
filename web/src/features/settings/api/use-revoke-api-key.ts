import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './use-api-keys';

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/api-keys/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
