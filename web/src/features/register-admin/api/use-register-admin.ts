import { useMutation } from '@tanstack/react-query';
import type { TAdminRegisterRequest, TSetupAdminRequest } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { adminFields, type AdminDraft } from '../register-admin';

/** POST /api/auth/setup-admin with the first start's one-time link, otherwise /api/auth/admin-register with the key. */
function registerAdmin({ draft, setupToken }: { draft: AdminDraft; setupToken?: string }) {
  const admin = adminFields(draft);
  return setupToken
    ? api.post<unknown>('/api/auth/setup-admin', { ...admin, setupToken } satisfies TSetupAdminRequest)
    : api.post<unknown>('/api/auth/admin-register', { ...admin, adminKey: draft.adminKey.trim() } satisfies TAdminRegisterRequest);
}

export function useRegisterAdmin() {
  return useMutation({ mutationFn: registerAdmin });
}
