import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSsoRequest } from '@pano/contract';
import { ZOkResponse, ZSsoSettings } from '@pano/contract';
import { api } from '../../../lib/api-client';

/* The 'Kurumsal Giriş' card's calls (docs/architecture/sso.md#settings-apiteamsso). */

const ssoKey = ['team', 'sso'] as const;

export function useSsoSettings() {
  return useQuery({ queryKey: ssoKey, queryFn: ({ signal }) => api.get('/api/team/sso', ZSsoSettings, signal) });
}

export function useSaveSso() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSsoRequest) => api.put('/api/team/sso', ZSsoSettings, body),
    onSuccess: (answer) => qc.setQueryData(ssoKey, answer),
  });
}

export function useTurnOffSso() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => api.delete('/api/team/sso', ZOkResponse), onSuccess: () => qc.setQueryData(ssoKey, null) });
}
