import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { tr } from '../i18n/tr';
import { nextPath } from '../lib/next-path';
import { homePathFor, isAdmin, useSession } from '../stores/session-store';
import { FullPageSpinner } from '../components/ui/spinner';
import { PageHeader } from '../components/ui/page-header';
import { adminLinks } from '../components/layout/sidebar-nav';

/** Guarded routes: visitors go to /login (docs/PRODUCT.md#session). The session is already verified by SessionGate. */
export function RequireAuth() {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status !== 'authenticated') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/**
 * The refusal keeps the page's name as its heading and tab title, so it is clear which page
 * is refused (PageHeader sets the tab title).
 */
function AdminOnly() {
  const { pathname } = useLocation();
  const title = adminLinks.find((l) => l.to === pathname)?.label ?? tr.nav.adminPanel;
  return (
    <div className="page">
      <PageHeader title={title} />
      <p className="banner banner-error" role="alert">{tr.app.adminOnly}</p>
    </div>
  );
}

/** /admin/*: customers see the admin-only message instead of the page (docs/PRODUCT.md#roles). */
export function RequireAdmin() {
  const user = useSession((s) => s.user);
  if (!isAdmin(user)) return <AdminOnly />;
  return <Outlet />;
}

/**
 * /login and /register: a signed-in user goes straight to their home page, or to the page that
 * sent them to sign in (`?next=`, lib/next-path.ts). Signing in on /login lands here too.
 */
export function RedirectIfAuthenticated() {
  const { status, user } = useSession();
  const { search } = useLocation();
  if (status === 'authenticated') return <Navigate to={nextPath(search) ?? homePathFor(user)} replace />;
  return <Outlet />;
}

/** /dashboard (linked from the purchase success view): the user's home page. */
export function DashboardRedirect() {
  const user = useSession((s) => s.user);
  return <Navigate to={homePathFor(user)} replace />;
}
