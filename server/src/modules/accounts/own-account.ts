import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';

type Person = { email: string; firstName?: string | null; lastName?: string | null };

/** What an account is called until its owner renames it: the owner's name, else the email. */
export const accountNameOf = (p: Person): string => [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.email;

/**
 * The nested write that gives a new user an account of their own, owned by them
 * (docs/architecture/accounts.md): the account takes the user's id, as the migration gave
 * every user who existed before accounts, so a person's own account is always found at
 * their id. Spread into `user.create({ data })`.
 */
export function withOwnAccount<T extends Person>(user: T): T & { id: string; memberships: { create: { role: 'owner'; account: { create: { id: string; name: string } } } } } {
  const id = randomUUID();
  return { ...user, id, memberships: { create: { role: 'owner', account: { create: { id, name: accountNameOf(user) } } } } };
}

/**
 * An account of their own for a person who has none left (removed from their last account, or
 * its owner deleted it): what registration gives, made at their next login. Its id is theirs
 * when free (it is not if they handed their first account on and then left it).
 */
export async function newOwnAccount(tx: DbOrTx, user: Person & { id: string }) {
  const idFree = (await tx.account.count({ where: { id: user.id } })) === 0;
  const account = await tx.account.create({
    data: { id: idFree ? user.id : randomUUID(), name: accountNameOf(user), members: { create: { userId: user.id, role: 'owner' } } },
    select: { id: true, name: true },
  });
  return { ...account, role: 'owner' as const };
}
