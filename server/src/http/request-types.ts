import type { AccountRole, Role } from '../db/generated/enums.js';

export type AuthUser = { id: string; email: string; role: Role; firstName: string | null; lastName: string | null };

/**
 * The account a request works in and the caller's place in it (docs/architecture/accounts.md):
 * `groupIds` empty means every screen of the account; `membershipId` is absent for an API key.
 */
export type AuthAccount = { id: string; name: string; role: AccountRole; groupIds: string[]; membershipId?: string };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id?: string;
      user?: AuthUser;
      /** What the request acts on: the session's current account, or an API key's. */
      account?: AuthAccount;
      /** Set when the request came with an API key (http/key-routes.ts); `user` is then absent. */
      apiKey?: { id: string; name: string };
    }
  }
}

export {};
