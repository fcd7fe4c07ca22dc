import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZApiKeyListAnswer } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const apiKeyKeys = { all: ['api-keys'] as const };

export const apiKeysQuery = queryOptions({ queryKey: apiKeyKeys.all, queryFn: ({ signal }) => api.get('/api/api-keys', ZApiKeyListAnswer, signal) });

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}
