import { roleAtLeast, type TAccountRole } from '@pano/contract/roles';
import { useSession } from './session-store';

/** `allScreens`: also not limited to screen groups (docs/architecture/accounts.md#screen-group-limits). */
export type CanScope = { allScreens?: boolean };

/**
 * Whether the signed-in person's role in the account they work in reaches `needed`
 * (docs/architecture/accounts.md#roles): the dashboard hides what the server would refuse, so
 * no button can only fail. With `{ allScreens: true }` the person must also see every screen:
 * adding a screen, an alert to 'Tüm ekranlar' and the account's history are refused to a member
 * limited to screen groups. The one place the dashboard reads a role: pages and the sidebar ask
 * this, never the session's role itself. The roles module carries no zod: the sidebar asks it on
 * the first load.
 */
export function useCan(needed: TAccountRole, scope: CanScope = {}): boolean {
  const account = useSession((s) => s.user?.account);
  if (!account || !roleAtLeast(account.role, needed)) return false;
  return !(scope.allScreens && account.limited);
}
