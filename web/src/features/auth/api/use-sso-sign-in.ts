import { useMutation } from '@tanstack/react-query';
import { ZLoginResponse, ZLoginSecondStep, ZSsoStartResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';

/* Company sign-in's two calls (docs/architecture/sso.md#signing-in). */

export const useStartSso = () => useMutation({ mutationFn: (email: string) => api.post('/api/auth/sso/start', ZSsoStartResponse, { email }) });

/** The provider's answer, as /login/sso received it, handed to the server: the login's answer comes back. */
export const useFinishSso = () => useMutation({
  mutationFn: (search: string) => api.get(`/api/auth/sso/callback${search}`, ZLoginResponse.or(ZLoginSecondStep)),
});
