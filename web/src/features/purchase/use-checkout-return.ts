import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TPurchaseSummary } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useConfirmCheckout } from './api/use-confirm-checkout';

/**
 * docs/PRODUCT.md#purchase: back from hosted checkout with ?session_id=…, the page confirms the session,
 * clears the parameter and reloads package info. Runs once per session id (StrictMode
 * mounts twice; the server is idempotent anyway).
 */
export function useCheckoutReturn(onConfirmed: (p: TPurchaseSummary) => void) {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const handled = useRef<string | null>(null);
  const confirm = useConfirmCheckout();
  const { mutate } = confirm;

  useEffect(() => {
    if (!sessionId || handled.current === sessionId) return;
    handled.current = sessionId;
    mutate(sessionId, {
      onSuccess: onConfirmed,
      onSettled: () => setParams((p) => { p.delete('session_id'); return p; }, { replace: true }),
    });
  }, [sessionId, onConfirmed, mutate, setParams]);

  return { confirming: confirm.isPending, error: confirm.isError ? errorMessage(confirm.error, tr.purchase.serverError) : null };
}
