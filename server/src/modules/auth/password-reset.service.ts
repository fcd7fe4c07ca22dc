import { randomBytes } from 'node:crypto';
import { ErrorCode, type TResetPasswordRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { linkBaseUrl } from '../../config/env.js';
import { AppError } from '../../http/errors.js';
import { passwordResetMail } from '../../mail/mail-templates.js';
import type { OutgoingMail } from '../../mail/mailer.js';
import { hashPassword } from './passwords.js';
import { replacePassword } from './password-change.service.js';
import { assertPasswordAllowed, passwordAllowed } from './sso-required.js';
import { sha256Hex } from '../../http/sealed-secret.js';
import { auditPerson } from '../audit/audit.js';

/**
 * 'Şifremi unuttum' (docs/PRODUCT.md#forgot-password, docs/architecture/security.md#password-reset).
 * The mailed token is 256 random bits; only its SHA-256 is stored, as for setup links, so a
 * copy of the database opens no account.
 */
export const RESET_VALID_MINUTES = 60;

/**
 * The mail for `email`, or null when no account has that address. Runs off the request
 * (ctx.mailer.dispatch): the answer is the same, as fast, either way. A new link ends the
 * user's earlier ones, so only the latest mail works.
 */
export async function passwordResetFor(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>, email: string): Promise<OutgoingMail | null> {
  const user = await ctx.db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  // Company sign-in required for the address's domain: no password to reset, so no mail (docs/architecture/sso.md).
  if (!user || !(await passwordAllowed(ctx.db, user.email))) return null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.clock().getTime() + RESET_VALID_MINUTES * 60_000);
  await ctx.db.$transaction(async (tx) => {
    await tx.passwordResetToken.deleteMany({ where: { userId: user.id } });
    await tx.passwordResetToken.create({ data: { tokenHash: sha256Hex(token), userId: user.id, expiresAt } });
    // Asked by whoever knew the address (its IP is in the event), off the request's path: the
    // answer is the same, as fast, whether the address has an account or not.
    await auditPerson(tx, user.id, 'user.passwordResetRequest', { resetLinkExpiresAt: [null, expiresAt] }, { type: 'system', id: null, name: 'Şifre sıfırlama isteği' });
  });
  const link = `${linkBaseUrl(ctx.config)}/sifre-sifirla?token=${token}`;
  return passwordResetMail(user.email, link, RESET_VALID_MINUTES);
}

const linkInvalid = () => new AppError(400, ErrorCode.RESET_LINK_INVALID,
  'Bu şifre sıfırlama bağlantısı geçersiz ya da daha önce kullanılmış. "Şifremi unuttum" sayfasından yeni bir bağlantı isteyin.');
const linkExpired = () => new AppError(400, ErrorCode.RESET_LINK_EXPIRED,
  `Bu şifre sıfırlama bağlantısının süresi dolmuş (bağlantılar ${RESET_VALID_MINUTES} dakika geçerlidir). "Şifremi unuttum" sayfasından yeni bir bağlantı isteyin.`);

/**
 * Sets the new password once per link. The token is claimed by a conditional update, so two
 * uses at once cannot both pass; the user's token version rises in the same transaction, so
 * every session (a thief's too) ends, and after the commit the user's sockets are cut.
 */
export async function resetPassword(ctx: AppContext, body: TResetPasswordRequest): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  const tokenHash = sha256Hex(body.token);
  const now = ctx.clock();
  const userId = await ctx.db.$transaction(async (tx) => {
    const row = await tx.passwordResetToken.findUnique({ where: { tokenHash } });
    if (!row || row.usedAt) throw linkInvalid();
    if (row.expiresAt <= now) throw linkExpired();
    const claimed = await tx.passwordResetToken.updateMany({ where: { tokenHash, usedAt: null }, data: { usedAt: now } });
    if (claimed.count !== 1) throw linkInvalid();
    await assertPasswordAllowed(tx, (await tx.user.findUniqueOrThrow({ where: { id: row.userId }, select: { email: true } })).email);
    // Every session ends, and every sign-in halfway (docs/architecture/sessions.md#password).
    await replacePassword(tx, row.userId, passwordHash, 'user.passwordReset');
    return row.userId;
  });
  ctx.connections.userSignedOut(userId);
}
