import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSsoRequest } from '@pano/contract';
import { ZLoginResponse, ZLoginSecondStep, ZOkResponse, ZSsoSettings, ZSsoStartResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';

/* Company sign-in's calls (docs/architecture/sso.md). */

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

export const useStartSso = () => useMutation({ mutationFn: (email: string) => api.post('/api/auth/sso/start', ZSsoStartResponse, { email }) });

/** The provider's answer, as /login/sso received it, handed to the server: the login's answer comes back. */
export const useFinishSso = () => useMutation({
  mutationFn: (search: string) => api.get(`/api/auth/sso/callback${search}`, ZLoginResponse.or(ZLoginSecondStep)),
});
