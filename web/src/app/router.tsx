import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { PublicLayout } from '../components/layout/public-layout';
import { DashboardRedirect, RedirectIfAuthenticated, RequireAdmin, RequireAuth } from './guards';
import { NotFoundPage } from './not-found-page';
import { LandingPage } from '../features/landing/landing-page';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { RegisterAdminPage } from '../features/register-admin/register-admin-page';
import { MediaPage } from '../features/media/media-page';
import { PlaylistsPage } from '../features/playlists/playlists-page';
import { DirectionPage } from '../features/direction/direction-page';
import { ScreensPage } from '../features/screens/screens-page';
import { AssignmentPage } from '../features/assignment/assignment-page';
import { SettingsPage } from '../features/settings/settings-page';
import { PackagesPage } from '../features/packages/packages-page';
import { PurchasePage } from '../features/purchase/purchase-page';
import { PreviewPage } from '../features/preview/preview-page';
import { AdminPackagesPage } from '../features/admin-packages/admin-packages-page';
import { AdminSalesPage } from '../features/admin-sales/admin-sales-page';
import { AdminApkPage } from '../features/admin-apk/admin-apk-page';

/** Every route of spec §2. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <PublicLayout />,
      children: [
        { path: '/', element: <LandingPage /> },
        {
          element: <RedirectIfAuthenticated />,
          children: [
            { path: '/login', element: <LoginPage /> },
            { path: '/register', element: <RegisterPage /> },
          ],
        },
        // Spec §2: public, no guard.
        { path: '/register-admin', element: <RegisterAdminPage /> },
      ],
    },
    {
      element: <RequireAuth />,
      children: [
        // The player is full width: no sidebar around it.
        { path: '/preview/:screenId', element: <PreviewPage /> },
        {
          element: <AppLayout />,
          children: [
            { path: '/dashboard', element: <DashboardRedirect /> },
            { path: '/media', element: <MediaPage /> },
            { path: '/playlists', element: <PlaylistsPage /> },
            { path: '/direction', element: <DirectionPage /> },
            { path: '/screens', element: <ScreensPage /> },
            { path: '/assignment', element: <AssignmentPage /> },
            { path: '/settings', element: <SettingsPage /> },
            { path: '/packages', element: <PackagesPage /> },
            { path: '/purchase/:packageId', element: <PurchasePage /> },
            {
              element: <RequireAdmin />,
              children: [
                { path: '/admin/packages', element: <AdminPackagesPage /> },
                { path: '/admin/sales', element: <AdminSalesPage /> },
                { path: '/admin/apk', element: <AdminApkPage /> },
              ],
            },
          ],
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
}
