import { useMutation } from '@tanstack/react-query';
import type { TRegisterRequest } from '@pano/contract';
import { ZRegisterResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';

export function useRegister() {
  return useMutation({
    mutationFn: (body: TRegisterRequest) => api.post('/api/auth/register', ZRegisterResponse, body),
  });
}
