import { useEffect, type ReactNode } from 'react';
import { useSession } from '../stores/session-store';
import { FullPageSpinner } from '../components/ui/spinner';

/** docs/PRODUCT.md#session: nothing renders until a stored token has been verified (or found missing). */
export function SessionGate({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const verify = useSession((s) => s.verify);
  useEffect(() => {
    void verify();
  }, [verify]);
  if (status === 'loading') return <FullPageSpinner />;
  return <>{children}</>;
}
