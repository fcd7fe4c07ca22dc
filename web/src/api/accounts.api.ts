import { useMutation, useQuery } from '@tanstack/react-query';
import { ZAccountSummary, ZLoginResponse } from '@pano/contract';
import { api } from '../lib/api-client';

/* docs/PRODUCT.md#team: the accounts a person works in, and switching between them. */

export const accountKeys = { all: ['accounts'] as const };

export function useAccounts() {
  return useQuery({ queryKey: accountKeys.all, queryFn: ({ signal }) => api.get('/api/accounts', ZAccountSummary.array(), signal) });
}

export function useSwitchAccount() {
  return useMutation({ mutationFn: (accountId: string) => api.post('/api/auth/switch-account', ZLoginResponse, { accountId }) });
}
