import type { Request, RequestHandler } from 'express';
import { API_KEY_PREFIX } from '@pano/contract';
import type { AppContext } from '../context.js';
import { Prisma } from '../db/generated/client.js';
import { forbidden, tokenExpired, unauthorized } from './errors.js';
import { TokenExpiredError, type TokenClaims } from './tokens.js';
import type { AuthAccount, AuthUser } from './request-types.js';
import { personName, setAuditActor } from './audit-context.js';

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

export type Session = { user: AuthUser; account: AuthAccount | null };

/**
 * How often a member's last activity and a session's last sight are written: the team page and
 * the sessions list show them to the minute they need, and no request writes each time.
 */
export const LAST_SEEN_WRITE_MS = 5 * 60_000;
const stale = (at: Date | null, now: Date) => !at || now.getTime() - at.getTime() > LAST_SEEN_WRITE_MS;

type SessionRow = {
  id: string; email: string; role: AuthUser['role']; firstName: string | null; lastName: string | null; tokenVersion: number;
  membershipId: string | null; memberRole: AuthAccount['role'] | null; lastActiveAt: Date | null;
  accountId: string | null; accountName: string | null; groupIds: string[];
  /** The token's session (docs/architecture/sessions.md): null when ended, or when the token names none. */
  sessionSeenAt: Date | null;
};

/**
 * The user, the membership the token names (or the first one joined, for a token without an
 * account), its account, its screen groups and the token's session: one round trip, as every
 * authenticated request and socket handshake reads it (Prisma's nested select took four, and the
 * session a fifth).
 */
const readSession = (db: AppContext['db'], userId: string, accountId: string | undefined, sessionId: string | undefined) => db.$queryRaw<SessionRow[]>`
  SELECT u.id, u.email, u.role::text AS role, u."firstName", u."lastName", u."tokenVersion",
         m.id AS "membershipId", m.role::text AS "memberRole", m."lastActiveAt",
         a.id AS "accountId", a.name AS "accountName",
         COALESCE((SELECT array_agg(g."groupId" ORDER BY g."groupId") FROM membership_groups g WHERE g."membershipId" = m.id), '{}') AS "groupIds",
         ${sessionId ? Prisma.sql`(SELECT s."lastSeenAt" FROM user_sessions s WHERE s.id = ${sessionId} AND s."userId" = u.id)` : Prisma.sql`NULL::timestamp`} AS "sessionSeenAt"
  FROM users u
  LEFT JOIN LATERAL (
    SELECT id, role, "lastActiveAt", "accountId" FROM memberships
    WHERE "userId" = u.id ${accountId ? Prisma.sql`AND "accountId" = ${accountId}` : Prisma.empty}
    ORDER BY "createdAt" ASC LIMIT 1
  ) m ON true
  LEFT JOIN accounts a ON a.id = m."accountId"
  WHERE u.id = ${userId}`;

/**
 * The user a verified user token names and the account it works in. A deleted user's token stops
 * working at once, and so does one signed before the user's last logout (its version is behind the
 * row's) or one naming an account the user was removed from (docs/architecture/accounts.md), or
 * one whose session was ended (docs/architecture/sessions.md).
 */
export async function sessionOfClaims(ctx: AppContext, claims: TokenClaims): Promise<Session> {
  if (claims.kind !== 'user') throw invalidSession();
  const [row] = await readSession(ctx.db, claims.sub, claims.acc, claims.sid);
  if (!row) throw unauthorized('Hesap bulunamadı, lütfen tekrar giriş yapın');
  if (row.tokenVersion !== claims.ver) throw invalidSession();
  // Its session ended (one by one, from the sessions list, or by a reset).
  if (claims.sid && !row.sessionSeenAt) throw invalidSession();
  const user: AuthUser = { id: row.id, email: row.email, role: row.role, firstName: row.firstName, lastName: row.lastName };
  if (claims.acc && !row.membershipId) throw invalidSession();
  const now = ctx.clock();
  if (claims.sid && stale(row.sessionSeenAt, now)) {
    await ctx.db.userSession.updateMany({ where: { id: claims.sid }, data: { lastSeenAt: now } });
  }
  if (row.membershipId === null || row.accountId === null || row.accountName === null || row.memberRole === null) return { user, account: null };
  if (stale(row.lastActiveAt, now)) {
    await ctx.db.membership.updateMany({ where: { id: row.membershipId }, data: { lastActiveAt: now } });
  }
  return {
    user,
    account: {
      id: row.accountId, name: row.accountName, role: row.memberRole,
      groupIds: row.groupIds, membershipId: row.membershipId,
    },
  };
}

/** Resolves a user token to its session. */
export const sessionFromToken = async (ctx: AppContext, token: string): Promise<Session> =>
  sessionOfClaims(ctx, await verifiedClaims(ctx, token));

/** What a route no key may call answers one (docs/architecture/security.md#api-keys). */
export const apiKeyNotAllowed = () => forbidden('Bu işlem API anahtarıyla yapılamaz: anahtarlar anahtarları, ekibi, ödemeleri ve hesabı yönetemez. Lütfen oturum açarak deneyin.');

/**
 * A person's session, or an API key that apiKeyAuthentication (modules/api-keys/api-key-auth.ts)
 * already let through to this route with its scope; any other key is refused.
 */
export function requireAuth(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    if (token.startsWith(API_KEY_PREFIX)) {
      if (req.apiKey) return next();
      throw apiKeyNotAllowed();
    }
    const session = await sessionFromToken(ctx, token);
    req.user = session.user;
    if (session.account) req.account = session.account;
    setAuditActor(req, { type: 'user', id: session.user.id, name: personName(session.user) });
    next();
  };
}

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.user?.role !== 'admin') throw forbidden('Bu işlem yalnızca yöneticiler içindir');
  next();
};

/**
 * The account a request acts on. A person who is a member of no account (removed from the last
 * one) can still sign in, but owns nothing to work on.
 */
export function currentAccount(req: Request): AuthAccount {
  if (!req.account) throw forbidden('Bu işlem için bir hesaba üye olmanız gerekiyor');
  return req.account;
}

/** For handlers behind requireAuth: the user is always there. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
