import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TPurchaseSummary } from '@pano/contract';
import { paymentErrorText } from './payment-errors';
import { confirmSession, useReloadPackageInfo } from './purchase.api';

/**
 * docs/PRODUCT.md#purchase: back from hosted checkout with ?session_id=…, the page confirms the session,
 * clears the parameter and reloads package info. Runs once per session id (StrictMode
 * mounts twice; the server is idempotent anyway).
 */
export function useCheckoutReturn(onConfirmed: (p: TPurchaseSummary) => void) {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const handled = useRef<string | null>(null);
  const reload = useReloadPackageInfo();
  const [state, setState] = useState<{ confirming: boolean; error: string | null }>({ confirming: false, error: null });

  useEffect(() => {
    if (!sessionId || handled.current === sessionId) return;
    handled.current = sessionId;
    setState({ confirming: true, error: null });
    confirmSession(sessionId)
      .then((r) => {
        void reload();
        onConfirmed(r.purchase);
        setState({ confirming: false, error: null });
      }, (err) => setState({ confirming: false, error: paymentErrorText(err) }))
      .finally(() => setParams((p) => { p.delete('session_id'); return p; }, { replace: true }));
  }, [sessionId, onConfirmed, reload, setParams]);

  return state;
}
