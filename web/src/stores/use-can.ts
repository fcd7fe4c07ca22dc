import { roleAtLeast, type TAccountRole } from '@pano/contract/roles';
import { useSession } from './session-store';

/**
 * Whether the signed-in person's role in the account they work in reaches `needed`
 * (docs/architecture/accounts.md#roles): the dashboard hides what the server would refuse, so
 * no button can only fail. The roles module carries no zod: the sidebar asks it on the first load.
 */
export function useCan(needed: TAccountRole): boolean {
  const role = useSession((s) => s.user?.account?.role);
  return role !== undefined && roleAtLeast(role, needed);
}
