import { useMutation } from '@tanstack/react-query';
import type { TCreateCheckoutSessionRequest } from '@pano/contract';
import { ZCreateCheckoutSessionResponse } from '@pano/contract';
import { tr } from '../../../i18n/tr';
import { api } from '../../../lib/api-client';
import { ShownError } from '../../../lib/api-error';

/**
 * docs/PRODUCT.md#purchase, hosted checkout: create a checkout session and answer its url. The processor
 * sends the browser back to /purchase/{packageId} with ?session_id=…, which the page then confirms.
 */
export function useStartCheckout(packageId: string) {
  return useMutation({
    mutationFn: async (): Promise<string> => {
      const here = `${window.location.origin}/purchase/${packageId}`;
      const body: TCreateCheckoutSessionRequest = { packageId, successUrl: here, cancelUrl: here };
      const { url } = await api.post('/api/purchase/create-checkout-session', ZCreateCheckoutSessionResponse, body);
      if (!url) throw new ShownError(tr.purchase.sessionFailed);
      return url;
    },
  });
}
