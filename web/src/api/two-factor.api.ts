import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZChangePasswordResponse, ZEndOtherSessionsResponse, ZLoginResponse, ZOkResponse, ZTwoFactorEnableResponse, ZTwoFactorEnableSignInResponse,
  ZTwoFactorSetupResponse, ZTwoFactorStatus, ZUserSessionList,
} from '@pano/contract';
import type { ErrorCode, TChangePasswordRequest, TTwoFactorResetRequest } from '@pano/contract';
import { useSession } from '../stores/session-store';
import { reconnectDashboardSocket } from '../lib/dashboard-socket';
import { ApiError, api, apiRequest, whileTokenIsReplaced } from '../lib/api-client';

/* Two-factor sign-in and sessions (docs/PRODUCT.md#two-factor, docs/PRODUCT.md#session). */

export const securityKeys = { twoFactor: ['auth', '2fa'] as const, sessions: ['auth', 'sessions'] as const };

export const verifySecondStep = (ticket: string, code: string) => api.post('/api/auth/2fa/verify', ZLoginResponse, { ticket, code });
/** A sign-in's setup ticket, or the signed-in person's own password (asked again: docs/PRODUCT.md#two-factor). */
export type SetupProof = { ticket: string } | { password: string };
export const setupTwoFactor = (proof: SetupProof) => api.post('/api/auth/2fa/setup', ZTwoFactorSetupResponse, proof);
export const enableTwoFactor = (code: string, password: string) => api.post('/api/auth/2fa/enable', ZTwoFactorEnableResponse, { code, password });
export const disableTwoFactor = (code: string) => apiRequest('/api/auth/2fa', ZOkResponse, { method: 'DELETE', body: { code } });
/** A platform administrator's support reset of a person's two-factor (docs/architecture/two-factor.md#support-reset). */
export const resetTwoFactor = (body: TTwoFactorResetRequest) => api.post('/api/auth/2fa/reset', ZOkResponse, body);
export const enableWithTicket = (ticket: string, code: string) => api.post('/api/auth/2fa/enable', ZTwoFactorEnableSignInResponse, { ticket, code });

export const twoFactorQuery = queryOptions({ queryKey: securityKeys.twoFactor, queryFn: ({ signal }) => api.get('/api/auth/2fa', ZTwoFactorStatus, signal) });
export const sessionsQuery = queryOptions({ queryKey: securityKeys.sessions, queryFn: ({ signal }) => api.get('/api/auth/sessions', ZUserSessionList, signal) });

export function useTwoFactorStatus() {
  return useQuery(twoFactorQuery);
}

export function useSessions() {
  return useQuery(sessionsQuery);
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

/**
 * 'Şifre Değiştir' (docs/PRODUCT.md#password-change): the answer's token replaces this browser's
 * (every earlier one is refused), and the sessions list loses the ones it ended.
 */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) => whileTokenIsReplaced(() => api.post('/api/auth/password', ZChangePasswordResponse, body)),
    onSuccess: ({ token, user }) => {
      useSession.getState().login(token, user);
      reconnectDashboardSocket();
      // What was asked with the old token while the change committed was refused: asked again.
      void qc.invalidateQueries();
    },
    onSettled: () => qc.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

/**
 * The answer that ends a sign-in's second step for good (401 LOGIN_TICKET_INVALID: used, expired
 * or unknown; 429 LOGIN_TICKET_LOCKED: five wrong codes): its Turkish message, to show on the
 * password form the person must go back to (docs/PRODUCT.md#two-factor). Null for anything else.
 */
export function deadTicketMessage(err: unknown): string | null {
  const dead: string[] = ['LOGIN_TICKET_INVALID', 'LOGIN_TICKET_LOCKED'] satisfies (keyof typeof ErrorCode)[];
  return err instanceof ApiError && err.code !== undefined && dead.includes(err.code) ? err.message : null;
}
