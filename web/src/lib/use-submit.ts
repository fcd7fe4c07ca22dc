import { useState } from 'react';
import { serverMessageOr } from './api-error';

/**
 * A form's submit state: busy while the action runs, and on failure the server's message or
 * `fallback` (the "server message, or …" rule of docs/PRODUCT.md#errors). Busy stays on after success, because the
 * forms using it navigate away then.
 */
export function useSubmit(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(serverMessageOr(err, fallback));
      setBusy(false);
    }
  };
  return { busy, error, run };
}
