import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPurchaseCompletedResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { packageInfoKey } from './payment-calls';

/** POST /api/purchase/confirm-session after the hosted checkout sent the browser back. */
export function useConfirmCheckout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) =>
      (await api.post('/api/purchase/confirm-session', ZPurchaseCompletedResponse, { sessionId })).purchase,
    onSuccess: () => qc.invalidateQueries({ queryKey: packageInfoKey }),
  });
}
