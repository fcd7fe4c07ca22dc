import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../lib/api-client';
import { useSession } from '../stores/session-store';
import { okAnswer } from './entry-schemas';

/**
 * docs/PRODUCT.md#session: POST /api/auth/logout revokes the token on the server, then the
 * browser forgets it. The local logout happens whatever the server answered: without a network
 * the user must still be able to leave this computer signed out.
 */
export function useLogout() {
  const qc = useQueryClient();
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout', okAnswer),
    onSettled: () => {
      logout();
      qc.clear();
      void navigate('/login', { replace: true });
    },
  });
}
