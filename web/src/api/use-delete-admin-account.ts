import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { okAnswer } from './entry-schemas';

/** DELETE /api/auth/admin: the signed-in admin's own account. Shared by the sidebar and the settings page. */
export function useDeleteAdminAccount() {
  return useMutation({ mutationFn: () => api.delete('/api/auth/admin', okAnswer) });
}
