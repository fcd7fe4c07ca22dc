import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPurchaseSummary } from '@pano/contract';
import { createPaymentIntent, packageInfoKey } from './payment-calls';

/** A price-0 package: the server completes it at once, no card involved. */
export function useStartFreeTrial(packageId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<TPurchaseSummary> => {
      const r = await createPaymentIntent(packageId);
      // Not completed means the server treated it as a paid package: nothing the customer can fix here.
      if (!r.completed) throw new Error('free trial answered a payment intent');
      return r.purchase;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: packageInfoKey }),
  });
}
