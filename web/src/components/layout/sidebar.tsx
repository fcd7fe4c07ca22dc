import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { initialTr } from '@pano/contract/text-case';
import { tr } from '../../i18n/tr';
import { useLogout } from '../../api/use-logout';
import { useAfterFirstLoad } from '../../lib/use-after-first-load';
import { displayName, isAdmin, useSession } from '../../stores/session-store';
import { useCan } from '../../stores/use-can';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { BrandMark } from './brand-mark';
import { SidebarNav, type NavNotes } from './sidebar-nav';
import { useDeleteAdmin } from './use-delete-admin';

const SidebarHealth = lazy(() => import('./sidebar-health'));
const SidebarAccount = lazy(() => import('./sidebar-account'));
const SidebarApprovals = lazy(() => import('./sidebar-approvals'));

export function Sidebar({ open, onNavigate, onClose }: { open: boolean; onNavigate: () => void; onClose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  // On small screens the opened menu takes focus, so keyboard users land inside it.
  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);
  const user = useSession((s) => s.user);
  const admin = isAdmin(user);
  const sendsAlerts = useCan('publisher');
  const team = useCan('admin');
  const activity = useCan('admin', { allScreens: true });
  const { deleteAdmin, busy } = useDeleteAdmin();
  const logout = useLogout();
  // 'N ekran sorunlu' next to 'Ekranlar' on every page (docs/PRODUCT.md#screens).
  // It waits for the page's own content: a badge may come a moment later, a page should not.
  const [problems, setProblems] = useState(0);
  const healthReady = useAfterFirstLoad();
  const [approvalNotes, setApprovalNotes] = useState<NavNotes>({});
  const notes = { ...(problems > 0 ? { '/screens': tr.health.problemCount(problems) } : {}), ...approvalNotes };

  return (
    <aside ref={ref} id="sidebar" className={`sidebar${open ? ' open' : ''}`} aria-label={tr.nav.menu}>
      <div className="sidebar-brand">
        <BrandMark /> {tr.app.name}
        <button type="button" className="sidebar-close" aria-label={tr.nav.closeMenu} onClick={onClose}>×</button>
      </div>
      <div className="sidebar-user">
        <span className="avatar" aria-hidden="true">{initialTr(displayName(user))}</span>
        <span className="sidebar-user-name" data-testid="sidebar-user" title={displayName(user)}>{displayName(user)}</span>
        {admin && <Badge tone="admin">{tr.nav.adminBadge}</Badge>}
      </div>
      {user?.account && (
        <div className="sidebar-account" data-testid="sidebar-account">
          <span className="sidebar-account-label">{tr.nav.account}</span>
          <span className="sidebar-account-name" title={user.account.name}>{user.account.name}</span>
          {healthReady && <Suspense fallback={null}><SidebarAccount /></Suspense>}
        </div>
      )}
      {/* An admin has no screens: no count to read (and no request racing their account's deletion). */}
      {healthReady && !admin && <Suspense fallback={null}><SidebarHealth onCount={setProblems} /></Suspense>}
      {healthReady && !admin && user?.account && <Suspense fallback={null}><SidebarApprovals decides={sendsAlerts} onNotes={setApprovalNotes} /></Suspense>}
      <nav className="sidebar-nav" aria-label={tr.nav.mainNav}>
        <SidebarNav admin={admin} team={team} activity={activity} sendsAlerts={sendsAlerts} onNavigate={onNavigate} notes={notes} />
      </nav>
      <div className="sidebar-footer">
        {admin && (
          <Button variant="danger" size="sm" block busy={busy} onClick={() => void deleteAdmin()}>
            {tr.nav.deleteAdmin}
          </Button>
        )}
        <Button variant="ghost" size="sm" block busy={logout.isPending} onClick={() => logout.mutate()}>{tr.nav.logout}</Button>
      </div>
    </aside>
  );
}
