import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateApiKeyRequest } from '@pano/contract';
import { ZCreatedApiKey } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './use-api-keys';

/** POST /api/api-keys: the only answer that carries the secret. */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiKeyRequest) => api.post('/api/api-keys', ZCreatedApiKey, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
