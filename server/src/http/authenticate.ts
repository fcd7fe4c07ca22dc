import type { Request, RequestHandler } from 'express';
import { API_KEY_PREFIX } from '@pano/contract';
import type { AppContext } from '../context.js';
import { forbidden, tokenExpired, unauthorized } from './errors.js';
import { TokenExpiredError, type TokenClaims } from './tokens.js';
import type { AuthUser } from './request-types.js';

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

export const invalidSession = () => unauthorized('Geçersiz oturum, lütfen tekrar giriş yapın');

/** A token's verified claims, or the 401 people see for an expired or forged one. */
export async function verifiedClaims(ctx: AppContext, token: string): Promise<TokenClaims> {
  try {
    return await ctx.tokens.verify(token);
  } catch (err) {
    throw err instanceof TokenExpiredError ? tokenExpired() : invalidSession();
  }
}

/**
 * The user a verified user token names. A deleted user's token stops working at once, and so
 * does one signed before the user's last logout (its version is behind the row's).
 */
export async function userOfClaims(ctx: AppContext, claims: TokenClaims): Promise<AuthUser> {
  if (claims.kind !== 'user') throw invalidSession();
  const row = await ctx.db.user.findUnique({
    where: { id: claims.sub },
    select: { id: true, email: true, role: true, firstName: true, lastName: true, tokenVersion: true },
  });
  if (!row) throw unauthorized('Hesap bulunamadı, lütfen tekrar giriş yapın');
  const { tokenVersion, ...user } = row;
  if (tokenVersion !== claims.ver) throw invalidSession();
  return user;
}

/** Resolves a user token to the user row. */
export const userFromToken = async (ctx: AppContext, token: string): Promise<AuthUser> =>
  userOfClaims(ctx, await verifiedClaims(ctx, token));

/** What every route but the alert routes answers an API key (docs/architecture/security.md#api-keys). */
export const apiKeyNotAllowed = () => forbidden('API anahtarı yalnızca acil duyuru göndermek ve sonlandırmak için kullanılabilir');

/** A person's session only: an API key never opens the dashboard's routes, valid or not. */
export function requireAuth(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    if (token.startsWith(API_KEY_PREFIX)) throw apiKeyNotAllowed();
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
