import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZEndOtherSessionsResponse, ZLoginResponse, ZOkResponse, ZTwoFactorEnableResponse, ZTwoFactorEnableSignInResponse,
  ZTwoFactorSetupResponse, ZTwoFactorStatus, ZUserSessionList,
} from '@pano/contract';
import { api, apiRequest } from '../lib/api-client';

/* Two-factor sign-in and sessions (docs/PRODUCT.md#two-factor, docs/PRODUCT.md#session). */

export const securityKeys = { twoFactor: ['auth', '2fa'] as const, sessions: ['auth', 'sessions'] as const };

export const verifySecondStep = (ticket: string, code: string) => api.post('/api/auth/2fa/verify', ZLoginResponse, { ticket, code });
export const setupTwoFactor = (ticket?: string) => api.post('/api/auth/2fa/setup', ZTwoFactorSetupResponse, ticket ? { ticket } : {});
export const enableTwoFactor = (code: string) => api.post('/api/auth/2fa/enable', ZTwoFactorEnableResponse, { code });
export const enableWithTicket = (ticket: string, code: string) => api.post('/api/auth/2fa/enable', ZTwoFactorEnableSignInResponse, { ticket, code });

export function useTwoFactorStatus() {
  return useQuery({ queryKey: securityKeys.twoFactor, queryFn: ({ signal }) => api.get('/api/auth/2fa', ZTwoFactorStatus, signal) });
}

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest('/api/auth/2fa', ZOkResponse, { method: 'DELETE', body: { code } }),
    onSettled: () => qc.invalidateQueries({ queryKey: securityKeys.twoFactor }),
  });
}

export function useSessions() {
  return useQuery({ queryKey: securityKeys.sessions, queryFn: ({ signal }) => api.get('/api/auth/sessions', ZUserSessionList, signal) });
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/auth/sessions/${id}`, ZOkResponse),
    onSettled: () => qc.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

export function useEndOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/sessions/end-others', ZEndOtherSessionsResponse),
    onSettled: () => qc.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

/** Sending a code (verify, enable, disable): whatever the step does with it. */
export function useCodeSubmit(send: (code: string) => Promise<unknown>) {
  return useMutation({ mutationFn: send });
}
