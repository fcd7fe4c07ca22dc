import { useMutation } from '@tanstack/react-query';
import type { TAdminRegisterRequest, TNewAdmin, TSetupAdminRequest } from '@pano/contract';
import { ZRegisterResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';

/** The checked fields (register-admin.ts): with the key, or the setup link's token. */
export type RegisterAdminInput = { admin: TNewAdmin & { adminKey?: string }; setupToken?: string };

/** POST /api/auth/setup-admin with the first start's one-time link, otherwise /api/auth/admin-register with the key. */
function registerAdmin({ admin: { adminKey, ...admin }, setupToken }: RegisterAdminInput) {
  return setupToken
    ? api.post('/api/auth/setup-admin', ZRegisterResponse, { ...admin, setupToken } satisfies TSetupAdminRequest)
    : api.post('/api/auth/admin-register', ZRegisterResponse, { ...admin, adminKey: adminKey ?? '' } satisfies TAdminRegisterRequest);
}

export function useRegisterAdmin() {
  return useMutation({ mutationFn: registerAdmin });
}
