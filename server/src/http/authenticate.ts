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

/** How often a member's last activity is written: the team page shows it to the minute it needs. */
const ACTIVITY_WRITE_MS = 5 * 60_000;

type SessionRow = {
  id: string; email: string; role: AuthUser['role']; firstName: string | null; lastName: string | null; tokenVersion: number;
  membershipId: string | null; memberRole: AuthAccount['role'] | null; lastActiveAt: Date | null;
  accountId: string | null; accountName: string | null; groupIds: string[];
};

/**
 * The user, the membership the token names (or the first one joined, for a token without an
 * account), its account and its screen groups: one round trip, as every authenticated request
 * and socket handshake reads it (Prisma's nested select took four).
 */
const readSession = (db: AppContext['db'], userId: string, accountId: string | undefined) => db.$queryRaw<SessionRow[]>`
  SELECT u.id, u.email, u.role::text AS role, u."firstName", u."lastName", u."tokenVersion",
         m.id AS "membershipId", m.role::text AS "memberRole", m."lastActiveAt",
         a.id AS "accountId", a.name AS "accountName",
         COALESCE((SELECT array_agg(g."groupId" ORDER BY g."groupId") FROM membership_groups g WHERE g."membershipId" = m.id), '{}') AS "groupIds"
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
  const [row] = await readSession(ctx.db, claims.sub, claims.acc);
  if (!row) throw unauthorized('Hesap bulunamadı, lütfen tekrar giriş yapın');
  if (row.tokenVersion !== claims.ver) throw invalidSession();
  if (claims.sid && !(await sessionStillOpen(ctx, claims.sub, claims.sid))) throw invalidSession();
  const user: AuthUser = { id: row.id, email: row.email, role: row.role, firstName: row.firstName, lastName: row.lastName };
  if (claims.acc && !row.membershipId) throw invalidSession();
  if (row.membershipId === null || row.accountId === null || row.accountName === null || row.memberRole === null) return { user, account: null };
  const now = ctx.clock();
  if (!row.lastActiveAt || now.getTime() - row.lastActiveAt.getTime() > ACTIVITY_WRITE_MS) {
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

/** What every route but the alert routes answers an API key (docs/architecture/security.md#api-keys). */
export const apiKeyNotAllowed = () => forbidden('API anahtarı yalnızca acil duyuru göndermek ve sonlandırmak için kullanılabilir');

/** A person's session only: an API key never opens the dashboard's routes, valid or not. */
export function requireAuth(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    if (token.startsWith(API_KEY_PREFIX)) throw apiKeyNotAllowed();
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

/** How often a session's last activity is written: the list shows it to the minute it needs. */
export const SESSION_SEEN_WRITE_MS = 5 * 60_000;

/**
 * Whether the session a token names is still open; its last activity is written at most every
 * few minutes, never on each request.
 */
export async function sessionStillOpen(ctx: AppContext, userId: string, sessionId: string): Promise<boolean> {
  const row = await ctx.db.userSession.findUnique({ where: { id: sessionId }, select: { userId: true, lastSeenAt: true } });
  if (!row || row.userId !== userId) return false;
  const now = ctx.clock();
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_SEEN_WRITE_MS) {
    await ctx.db.userSession.updateMany({ where: { id: sessionId }, data: { lastSeenAt: now } });
  }
  return true;
}
