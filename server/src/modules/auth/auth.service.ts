import { timingSafeEqual, createHash } from 'node:crypto';
import { ErrorCode, type TAdminRegisterRequest, type TLoginRequest, type TRegisterRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { AppError, conflict, forbidden } from '../../http/errors.js';
import { Prisma } from '../../db/generated/client.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';

const INVALID_LOGIN = 'Email veya şifre hatalı';

export async function login(ctx: AppContext, body: TLoginRequest) {
  const user = await ctx.db.user.findUnique({ where: { email: body.email } });
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), body.password);
  if (!user || !ok) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, INVALID_LOGIN);
  return { user, token: await ctx.tokens.signUser(user.id) };
}

type NewUser = { email: string; password: string; firstName?: string; lastName?: string; role: 'customer' | 'admin' };

export async function createUser(ctx: Pick<AppContext, 'db'>, input: NewUser) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.user.create({
      data: {
        email: input.email,
        passwordHash,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        role: input.role,
      },
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw conflict('Bu e-posta adresi zaten kayıtlı', ErrorCode.EMAIL_TAKEN);
    }
    throw err;
  }
}

export const registerCustomer = (ctx: AppContext, body: TRegisterRequest) => createUser(ctx, { ...body, role: 'customer' });

/** Constant-time comparison that also hides the key's length. */
function keysMatch(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export async function registerAdmin(ctx: AppContext, body: TAdminRegisterRequest) {
  const expected = ctx.config.adminRegistrationKey;
  if (!expected) {
    throw new AppError(403, ErrorCode.ADMIN_REGISTRATION_CLOSED,
      'Admin kaydı bu sunucuda kapalı. Yöneticiniz ADMIN_REGISTRATION_KEY ayarlamalı veya "npm run create-admin" komutunu kullanmalıdır.');
  }
  if (!keysMatch(body.adminKey, expected)) throw new AppError(403, ErrorCode.INVALID_ADMIN_KEY, 'Geçersiz admin anahtarı');
  return createUser(ctx, { ...body, role: 'admin' });
}

export async function deleteOwnAdminAccount(ctx: AppContext, userId: string) {
  const user = await ctx.db.user.findUnique({ where: { id: userId } });
  if (!user || user.role !== 'admin') throw forbidden('Yalnızca admin hesapları bu yolla silinebilir');
  await ctx.db.user.delete({ where: { id: userId } });
}
