import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { configureApiClient } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { useSession } from '../stores/session-store';
import { DialogHost } from '../components/ui/dialog-host';
import { createAppRouter } from './router';
import { SessionGate } from './session-gate';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const r = createAppRouter();
    // 401/402 handling in the API client navigates inside the SPA instead of reloading it.
    configureApiClient({
      navigate: (path) => {
        // The page a 402 came from rides along, so /packages can say why the customer is there.
        const from = window.location.pathname;
        if (from !== path) void r.navigate(path, { replace: true, state: path === '/packages' ? { packageRequiredFrom: from } : undefined });
      },
      onUnauthorized: () => {
        useSession.getState().logout();
        queryClient.clear();
      },
    });
    return r;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
      <DialogHost />
    </QueryClientProvider>
  );
}
