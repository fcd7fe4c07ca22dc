import argon2 from 'argon2';
import type { DbOrTx } from '../../db/client.js';
import { forbidden } from '../../http/errors.js';

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Hash of a random password, compared against when the email is unknown so timing doesn't tell. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-for-timing'));

/**
 * A signed-in person's own password, asked again before a change a stolen session must not make
 * (turning two-factor on, deleting the account): 403 with `refusal` when it is not theirs.
 */
export async function assertOwnPassword(db: DbOrTx, userId: string, password: string, refusal: string): Promise<void> {
  const row = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(row.passwordHash, password))) throw forbidden(refusal);
}
