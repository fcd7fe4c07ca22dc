import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './use-api-keys';

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/api-keys/${id}`, ZOkResponse),
    onSettled: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
