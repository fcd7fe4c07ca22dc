import type { TLoginRequest, TLoginResponse, TRegisterRequest } from '@pano/contract';
import { api } from '../../lib/api-client';

export const login = (body: TLoginRequest) => api.post<TLoginResponse>('/api/auth/login', body);
export const register = (body: TRegisterRequest) => api.post<unknown>('/api/auth/register', body);
