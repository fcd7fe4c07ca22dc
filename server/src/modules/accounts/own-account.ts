import { randomUUID } from 'node:crypto';

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
