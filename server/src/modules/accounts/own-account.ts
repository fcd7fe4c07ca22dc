import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';

type Person = { email: string; firstName?: string | null; lastName?: string | null };

/** What an account is called until its owner renames it: the owner's name, else the email. */
export const accountNameOf = (p: Person): string => [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.email;

/** The nested write of an account owned by one person, with a fresh id. */
const ownedAccount = (p: Person) => ({ name: accountNameOf(p) });

/**
 * The nested write that gives a new user an account of their own, owned by them
 * (docs/architecture/accounts.md): a brand-new user and account share one fresh id, as the
 * migration gave every user who existed before accounts. Nothing may rely on it: an account is
 * found through the person's memberships. Spread into `user.create({ data })`.
 */
export function withOwnAccount<T extends Person>(user: T): T & { id: string; memberships: { create: { role: 'owner'; account: { create: { id: string; name: string } } } } } {
  const id = randomUUID();
  return { ...user, id, memberships: { create: { role: 'owner', account: { create: { id, ...ownedAccount(user) } } } } };
}

/**
 * An account of their own for a person who has none left (removed from their last account, or
 * its owner deleted it): what registration gives, made at their next login. Its id is always a
 * fresh one, never the person's: an account deleted with that id left its history (audit events
 * and purchases keep its id), which must not come back in the new account.
 */
export async function newOwnAccount(tx: DbOrTx, user: Person & { id: string }) {
  const account = await tx.account.create({
    data: { id: randomUUID(), ...ownedAccount(user), members: { create: { userId: user.id, role: 'owner' } } },
    select: { id: true, name: true },
  });
  return { ...account, role: 'owner' as const };
}
