import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../stores/session-store';
import { FullPageSpinner } from '../components/ui/spinner';

/**
 * docs/PRODUCT.md#session: nothing renders until a stored token has been verified (or found missing).
 * The gate opens as a transition: the whole app's first render then runs in slices that leave the
 * main thread free between them, instead of one long task (docs/PERFORMANCE.md#dashboard-first-load-p13).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState(() => useSession.getState().status);
  useEffect(() => {
    const unsubscribe = useSession.subscribe((s) => startTransition(() => setStatus(s.status)));
    // A check that ended before this subscription (while the first render ran in slices) is read
    // here, and opens the gate as a transition too; one still to start (an App
    // rendered without main.tsx) starts here. A second check after main.tsx's was a second
    // GET /api/auth/verify on every load.
    const { status: now, verify } = useSession.getState();
    startTransition(() => setStatus(now));
    if (now === 'loading') void verify();
    return unsubscribe;
  }, []);
  if (status === 'loading') return <FullPageSpinner />;
  return <>{children}</>;
}
