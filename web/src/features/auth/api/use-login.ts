import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

/** Loaded with the form's own schema (login-schema.ts), so /login's page carries no zod. */
const loginAnswer = lazySchema(async () => (await import('../login-schema')).ZLoginAnswer);

export function useLogin() {
  return useMutation({
    mutationFn: (body: TLoginRequest) => api.post('/api/auth/login', loginAnswer, body),
  });
}
