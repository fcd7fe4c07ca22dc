import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { useAccounts, useSwitchAccount } from '../../api/accounts.api';
import { errorMessage } from '../../lib/api-error';
import { useDashboardEvents, type DashboardListener } from '../../lib/dashboard-socket';
import { homePathFor, useSession } from '../../stores/session-store';

/**
 * The account switcher (docs/PRODUCT.md#team): shown when the person works in more than one
 * account. Also listens for team changes to this person in this account: a new role or groups
 * reload the session; a removal signs this dashboard out at once. Its own chunk, loaded after
 * the first render, like SidebarHealth (it brings zod and socket.io).
 */
export default function SidebarAccount() {
  const user = useSession((s) => s.user);
  const accounts = useAccounts();
  const switcher = useSwitchAccount();
  const qc = useQueryClient();
  const navigate = useNavigate();
  useDashboardEvents(memberEvents);

  const current = user?.account?._id ?? '';
  if (!accounts.data || accounts.data.length < 2) return null;
  const onSwitch = (accountId: string) => switcher.mutate(accountId, {
    onSuccess: ({ token, user: next }) => {
      // Nothing of the other account may stay on screen or in the cache.
      qc.clear();
      useSession.getState().login(token, next);
      void navigate(homePathFor(next), { replace: true });
    },
  });
  return (
    <div className="sidebar-account-switch">
      <label className="sr-only" htmlFor="account-switch">{tr.nav.switchAccount}</label>
      <select id="account-switch" className="input" value={current} disabled={switcher.isPending}
        onChange={(e) => onSwitch(e.target.value)}>
        {accounts.data.map((a) => <option key={a._id} value={a._id}>{a.name}</option>)}
      </select>
      {switcher.isError && <p className="field-error" role="alert">{errorMessage(switcher.error, tr.nav.switchFailed)}</p>}
    </div>
  );
}

/**
 * Team changes to this person in this account (docs/architecture/accounts.md#sessions): a new role
 * or groups reload the session and every answer; a removal signs this dashboard out at once (the
 * guard then shows /login), before the socket is cut.
 */
const memberEvents = (qc: QueryClient): DashboardListener => ({
  on: {
    'member:changed': () => {
      void useSession.getState().verify();
      void qc.invalidateQueries();
    },
    'member:removed': () => {
      qc.clear();
      useSession.getState().logout();
    },
  },
  // A change missed while the socket was down, or before it listened (it mounts after the first
  // load, seconds after the session was read): the session is asked again.
  reconnected: () => void useSession.getState().verify(),
  joinedLate: true,
});
