import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { configureApiClient } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { useSession } from '../stores/session-store';
import { DialogHost } from '../components/ui/dialog-host';
import { createAppRouter } from './router';
import { SessionGate } from './session-gate';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The app's long-lived parts, made before React renders: the page's first reads (its route
 * loader) start here, beside the session check main.tsx started, instead of one after another
 * behind the first render (docs/PERFORMANCE.md#dashboard-first-load-p13).
 */
export function startApp(): { queryClient: QueryClient; router: AppRouter } {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  // 401/402 handling in the API client navigates inside the SPA instead of reloading it.
  configureApiClient({
    navigate: (path) => {
      // The page a 402 came from rides along, so /packages can say why the customer is there.
      const from = window.location.pathname;
      if (from !== path) void router.navigate(path, { replace: true, state: path === '/packages' ? { packageRequiredFrom: from } : undefined });
    },
    onUnauthorized: () => {
      useSession.getState().logout();
      queryClient.clear();
    },
  });
  return { queryClient, router };
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
      <DialogHost />
    </QueryClientProvider>
  );
}
