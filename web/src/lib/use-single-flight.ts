import { useCallback, useRef } from 'react';

/**
 * One run at a time (docs/architecture/web.md#web): `run(work)` calls `work` unless an
 * earlier run's promise is still unsettled, and answers whether it ran. A button is only
 * disabled once React re-renders with the mutation's `isPending`, which TanStack Query reports
 * a task later; two presses inside that gap (a fast double-click, two clicks in one task) would
 * otherwise both send. A run's rejection is dropped here: the mutation's own state shows it.
 */
export function useSingleFlight() {
  const running = useRef(false);
  return useCallback((work: () => unknown): boolean => {
    if (running.current) return false;
    const result = work();
    if (result instanceof Promise) {
      running.current = true;
      void result.catch(() => undefined).finally(() => {
        running.current = false;
      });
    }
    return true;
  }, []);
}
