import type { TChangePasswordRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Prisma } from '../../db/generated/client.js';
import { auditPerson } from '../audit/audit.js';
import { firstAccountOf } from './auth.service.js';
import { assertOwnPassword, hashPassword } from './passwords.js';
import { openSession, signSessionToken, type SignInMeta } from './sessions.service.js';
import { assertPasswordAllowed } from './sso-required.js';
import { mailSecurityChange } from './security-mail.js';

/** The sign-in asking: its session (when its token names one), account and device. */
export type AskingSignIn = { sessionId: string | undefined; accountId: string | undefined; meta: SignInMeta };

/**
 * A new password ends every other way in (docs/architecture/sessions.md#password): the token
 * version rises, so every token issued before is refused; the other sessions' rows, the sign-ins
 * still waiting for a second factor and the unused reset links go, all in the caller's
 * transaction with the event. Answers the user's row as it now is and how many sessions ended
 * (their sockets are cut by the caller, with all of the user's).
 */
export async function replacePassword(
  tx: Prisma.TransactionClient, userId: string, passwordHash: string, action: 'user.passwordReset' | 'user.passwordChange', keepSessionId?: string,
) {
  const user = await tx.user.update({ where: { id: userId }, data: { passwordHash, tokenVersion: { increment: 1 } } });
  const { count: ended } = await tx.userSession.deleteMany({ where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) } });
  await tx.loginTicket.deleteMany({ where: { userId } });
  await tx.passwordResetToken.deleteMany({ where: { userId, usedAt: null } });
  await auditPerson(tx, userId, action, ended ? { sessions: [ended, 0] } : undefined);
  return { user, ended };
}

const WRONG_CURRENT = 'Mevcut şifreniz hatalı. Şifrenizi değiştirmek için şu anki şifrenizi girin.';

/**
 * 'Şifre Değiştir' on /settings: the person's current password again, then the new one. This
 * sign-in goes on with a new token for the same session and account; every other ends (a thief
 * holding a copied token is out at once). Under the user's row lock, so two changes at once
 * cannot both check the same old password.
 */
export async function changePassword(ctx: AppContext, userId: string, body: TChangePasswordRequest, { sessionId, accountId, meta }: AskingSignIn) {
  const passwordHash = await hashPassword(body.newPassword);
  const { user, ended, keep } = await ctx.db.$transaction(async (tx) => {
    const row = await tx.$queryRaw<{ email: string }[]>`SELECT email FROM users WHERE id = ${userId} FOR UPDATE`;
    await assertPasswordAllowed(tx, row[0]!.email);
    await assertOwnPassword(tx, userId, body.currentPassword, WRONG_CURRENT);
    // A token from before sessions had rows carries no id: this sign-in gets one now.
    const keep = sessionId && (await tx.userSession.count({ where: { id: sessionId, userId } })) ? sessionId : undefined;
    return { ...(await replacePassword(tx, userId, passwordHash, 'user.passwordChange', keep)), keep };
  });
  const session = keep ?? (await openSession(ctx, userId, meta));
  // Every socket, this browser's too: a thief's copy of this session's token has one as well. This
  // dashboard reconnects with the answer's token (web/src/lib/dashboard-socket.ts).
  ctx.connections.userSignedOut(userId);
  mailSecurityChange(ctx, userId, 'passwordChange', meta);
  const account = await firstAccountOf(ctx.db, userId, accountId);
  const token = await signSessionToken(ctx, userId, user.tokenVersion, account?.id, session);
  return { token, user, account, ended };
}
