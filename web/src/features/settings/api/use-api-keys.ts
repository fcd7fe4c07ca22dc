import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const apiKeyKeys = { all: ['api-keys'] as const };

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.all, queryFn: ({ signal }) => api.get('/api/api-keys', (c) => c.ZApiKeyListAnswer, signal) });
}
