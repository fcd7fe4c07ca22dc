import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationFn: (body: TLoginRequest) => api.post<TLoginResponse>('/api/auth/login', body),
  });
}
