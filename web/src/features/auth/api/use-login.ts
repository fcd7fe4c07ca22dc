import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest } from '@pano/contract';
import { api } from '../../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationFn: (body: TLoginRequest) => api.post('/api/auth/login', (c) => c.ZLoginResponse, body),
  });
}
