import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a page may draw what its first answers brought: true once `answered` is, a render
 * later, as a transition. An answer's own render is synchronous (TanStack Query updates through
 * useSyncExternalStore) and would draw a whole list or every card in one long task; a transition
 * is rendered in slices between which the page still answers input
 * (docs/PERFORMANCE.md#dashboard-first-load-p13). Answered already at mount (a page opened again
 * with its answers kept), it is drawn at once.
 */
export function useShownAsTransition(answered: boolean): boolean {
  const [shown, setShown] = useState(answered);
  useEffect(() => {
    if (answered) startTransition(() => setShown(true));
  }, [answered]);
  return answered && shown;
}
