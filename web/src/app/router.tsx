import type React from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router-dom';
import { mediaListQuery } from '../api/media.api';
import { playlistsQuery } from '../api/playlists.api';
import { tokenStorage } from '../lib/token-storage';
import { AppLayout } from '../components/layout/app-layout';
import { PublicLayout } from '../components/layout/public-layout';
import { DashboardRedirect, RedirectIfAuthenticated, RequireAdmin, RequireAuth } from './guards';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';
import { LandingPage } from '../features/landing/landing-page';

// Every page but the landing page loads on demand: the first load is React, the router, the query
// client, the layouts and the landing page, and each page brings what it alone needs (zod for the
// forms that check fields with the contract's schemas, drag and drop on /playlists, the live
// socket on /screens). Budget and figures: docs/PERFORMANCE.md#dashboard-first-load-p13.
const lazyPage = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

/**
 * A loader that starts a page's main read while its code and the session check are still on the
 * way, instead of after the page first renders: on /media the thumbnails (the largest paint) came
 * two round trips later without it (docs/PERFORMANCE.md#dashboard-first-load-p13). It never waits,
 * so the page renders as before; without a stored token there is nothing to read.
 */
const prefetch = (queryClient: QueryClient, start: (qc: QueryClient) => Promise<unknown>[]) => () => {
  // In a task of its own: the router's start is long enough already.
  if (tokenStorage.get()) setTimeout(() => void Promise.all(start(queryClient)));
  return null;
};

/** Every route of docs/PRODUCT.md#routes. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      element: <PublicLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: <LandingPage /> },
        {
          element: <RedirectIfAuthenticated />,
          children: [
            { path: '/login', lazy: lazyPage(() => import('../features/auth/login-page'), 'LoginPage') },
            // docs/architecture/sso.md: where the company's identity provider sends people back.
            { path: '/login/sso', lazy: lazyPage(() => import('../features/auth/sso-return-page'), 'SsoReturnPage') },
            { path: '/register', lazy: lazyPage(() => import('../features/auth/register-page'), 'RegisterPage') },
            // docs/PRODUCT.md#forgot-password
            { path: '/sifremi-unuttum', lazy: lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage') },
          ],
        },
        // The mailed link: public, no guard (a signed-in browser may open it too).
        { path: '/sifre-sifirla', lazy: lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage') },
        // docs/PRODUCT.md#team: the invitation link; public, a signed-in person accepts there too.
        { path: '/davet/:token', lazy: lazyPage(() => import('../features/team/accept-invitation-page'), 'AcceptInvitationPage') },
        // docs/PRODUCT.md#register-admin: public, no guard.
        { path: '/register-admin', lazy: lazyPage(() => import('../features/register-admin/register-admin-page'), 'RegisterAdminPage') },
        // Any other address: the public header gives the way on (home, login, or the user's menu).
        { path: '*', element: <NotFoundPage /> },
      ],
    },
    {
      element: <RequireAuth />,
      errorElement: <RouteErrorPage />,
      children: [
        // The player is full width: no sidebar around it.
        { path: '/preview/:screenId', lazy: lazyPage(() => import('../features/preview/preview-page'), 'PreviewPage') },
        {
          element: <AppLayout />,
          children: [
            {
              // A page that fails to load shows inside the shell, so the menu still works.
              errorElement: <RouteErrorPage inLayout />,
              children: [
                { path: '/dashboard', element: <DashboardRedirect /> },
                { path: '/media', loader: prefetch(queryClient, (qc) => [qc.prefetchQuery(mediaListQuery)]), lazy: lazyPage(() => import('../features/media/media-page'), 'MediaPage') },
                { path: '/playlists', loader: prefetch(queryClient, (qc) => [qc.prefetchQuery(playlistsQuery), qc.prefetchQuery(mediaListQuery)]), lazy: lazyPage(() => import('../features/playlists/playlists-page'), 'PlaylistsPage') },
                { path: '/layouts', lazy: lazyPage(() => import('../features/layouts/layouts-page'), 'LayoutsPage') },
                { path: '/direction', lazy: lazyPage(() => import('../features/tickers/tickers-page'), 'TickersPage') },
                { path: '/screens', lazy: lazyPage(() => import('../features/screens/screens-page'), 'ScreensPage') },
                { path: '/assignment', lazy: lazyPage(() => import('../features/assignment/assignment-page'), 'AssignmentPage') },
                { path: '/schedule', lazy: lazyPage(() => import('../features/schedule/schedule-page'), 'SchedulePage') },
                { path: '/reports', lazy: lazyPage(() => import('../features/reports/reports-page'), 'ReportsPage') },
                { path: '/alerts', lazy: lazyPage(() => import('../features/alerts/alerts-page'), 'AlertsPage') },
                { path: '/team', lazy: lazyPage(() => import('../features/team/team-page'), 'TeamPage') },
                { path: '/approvals', lazy: lazyPage(() => import('../features/approvals/approvals-page'), 'ApprovalsPage') },
                { path: '/notifications', lazy: lazyPage(() => import('../features/approvals/notifications-page'), 'NotificationsPage') },
                { path: '/activity', lazy: lazyPage(() => import('../features/activity/activity-page'), 'ActivityPage') },
                { path: '/settings', lazy: lazyPage(() => import('../features/settings/settings-page'), 'SettingsPage') },
                { path: '/packages', lazy: lazyPage(() => import('../features/packages/packages-page'), 'PackagesPage') },
                { path: '/purchase/:packageId', lazy: lazyPage(() => import('../features/purchase/purchase-page'), 'PurchasePage') },
                {
                  element: <RequireAdmin />,
                  children: [
                    { path: '/admin/packages', lazy: lazyPage(() => import('../features/admin-packages/admin-packages-page'), 'AdminPackagesPage') },
                    { path: '/admin/sales', lazy: lazyPage(() => import('../features/admin-sales/admin-sales-page'), 'AdminSalesPage') },
                    { path: '/admin/apk', lazy: lazyPage(() => import('../features/admin-apk/admin-apk-page'), 'AdminApkPage') },
                    { path: '/admin/activity', lazy: lazyPage(() => import('../features/activity/activity-page'), 'PlatformActivityPage') },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
