import type { TUser } from '@pano/contract';
import { isLimited } from '../../http/policy.js';
import type { AuthAccount } from '../../http/request-types.js';

type UserRow = { id: string; email: string; firstName: string | null; lastName: string | null; role: 'customer' | 'admin' };
type AccountRef = Pick<AuthAccount, 'id' | 'name' | 'role' | 'groupIds'>;

/**
 * A user, with the account the session works in (docs/architecture/accounts.md); `limited` says
 * the member sees only some screen groups, so the dashboard leaves out what would be refused.
 */
export const presentUser = (u: UserRow, account: AccountRef | null): TUser => ({
  _id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  account: account && { _id: account.id, name: account.name, role: account.role, limited: isLimited(account) },
});

/** A sign-in as the API answers it: `{ token, user }` (docs/CONTRACT.md). */
export const presentSignedIn = (s: { token: string; user: UserRow; account: AccountRef | null }) => ({ token: s.token, user: presentUser(s.user, s.account) });
