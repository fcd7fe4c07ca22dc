import { randomBytes } from 'node:crypto';
import { ErrorCode, type TSetupAdminRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { emailTakenAsConflict, newUserRow } from './auth.service.js';
import { auditNewUser } from '../audit/audit.js';
import { sha256Hex } from '../../http/sealed-secret.js';

/*
 * The first admin of a fresh install needs neither ADMIN_REGISTRATION_KEY nor a shell:
 * a start with no admin prints a link with a one-time token (main.ts). The token is
 * printed once and kept only as a hash (`sha256Hex`); it works until any admin exists.
 */

/** A new token when there is no admin yet, otherwise null (and nothing is printed). */
export async function issueAdminSetupToken(ctx: Pick<AppContext, 'db'>): Promise<string | null> {
  if (await ctx.db.user.count({ where: { role: 'admin' } })) return null;
  const token = randomBytes(32).toString('base64url');
  await ctx.db.adminSetupToken.create({ data: { tokenHash: sha256Hex(token) } });
  return token;
}

const linkInvalid = () => new AppError(403, ErrorCode.SETUP_LINK_INVALID,
  'Bu kurulum bağlantısı geçersiz ya da kullanılmış. İlk yönetici hesabı oluşturulduysa giriş yapın.');

export async function registerFirstAdmin(ctx: AppContext, body: TSetupAdminRequest) {
  const data = await newUserRow({ ...body, role: 'admin' });
  const tokenHash = sha256Hex(body.setupToken);
  return emailTakenAsConflict(() => ctx.db.$transaction(async (tx) => {
    // Locking every token row makes two setups at once take turns: the second finds the
    // rows gone and an admin present.
    const tokens = await tx.$queryRaw<{ tokenHash: string }[]>`SELECT "tokenHash" FROM admin_setup_tokens FOR UPDATE`;
    if (!tokens.some((t) => t.tokenHash === tokenHash)) throw linkInvalid();
    if (await tx.user.count({ where: { role: 'admin' } })) throw linkInvalid();
    const user = await tx.user.create({ data });
    await tx.adminSetupToken.deleteMany({});
    await auditNewUser(tx, user);
    return user;
  }));
}
