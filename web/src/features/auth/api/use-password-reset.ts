import { useMutation } from '@tanstack/react-query';
import { ZOkResponse, type TForgotPasswordRequest, type TResetPasswordRequest } from '@pano/contract';
import { api } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: 202 with the same message whether the address has an account or not. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: TForgotPasswordRequest) => api.post('/api/auth/forgot-password', ZOkResponse, body),
  });
}

/** POST /api/auth/reset-password: the mailed link's token and the new password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: TResetPasswordRequest) => api.post('/api/auth/reset-password', ZOkResponse, body),
  });
}
