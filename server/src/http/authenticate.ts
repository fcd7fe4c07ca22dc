import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import { forbidden, tokenExpired, unauthorized } from './errors.js';
import { TokenExpiredError } from '../modules/auth/tokens.js';
import type { AuthUser } from './request-types.js';

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Resolves a user token to the user row; a deleted user's token stops working at once. */
export async function userFromToken(ctx: AppContext, token: string): Promise<AuthUser> {
  let claims;
  try {
    claims = await ctx.tokens.verify(token);
  } catch (err) {
    throw err instanceof TokenExpiredError ? tokenExpired() : unauthorized('Geçersiz oturum, lütfen tekrar giriş yapın');
  }
  if (claims.kind !== 'user') throw unauthorized('Geçersiz oturum, lütfen tekrar giriş yapın');
  const user = await ctx.db.user.findUnique({
    where: { id: claims.sub },
    select: { id: true, email: true, role: true, firstName: true, lastName: true },
  });
  if (!user) throw unauthorized('Hesap bulunamadı, lütfen tekrar giriş yapın');
  return user;
}

export function requireAuth(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    req.user = await userFromToken(ctx, token);
    next();
  };
}

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.user?.role !== 'admin') throw forbidden('Bu işlem yalnızca yöneticiler içindir');
  next();
};

/** For handlers behind requireAuth: the user is always there. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
