import { auditPerson } from '../audit/audit.js';
import type { Request } from 'express';
import type { TUserSession } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { bearerToken, LAST_SEEN_WRITE_MS, verifiedClaims } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';

/*
 * Sessions (docs/architecture/sessions.md): every sign-in makes a row and its token carries the
 * row's id (`sid`). Ending a session deletes the row: its token is refused from the next request
 * on and its sockets are cut. Logout still ends them all through the token version
 * (docs/PRODUCT.md#session).
 */


export type SignInMeta = { userAgent: string | undefined; ip: string | undefined };
export const signInMeta = (req: Request): SignInMeta => ({ userAgent: req.get('user-agent'), ip: req.ip });

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'], [/\b(OPR|Opera)\//, 'Opera'], [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'], [/\bYaBrowser\//, 'Yandex'], [/(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'], [/\b(iPhone|iPad|iPod)\b/, 'iOS'], [/\bAndroid\b/, 'Android'], [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'], [/\bLinux\b/, 'Linux'],
];

/** A readable name for a user agent: 'Chrome · Linux'; 'Bilinmeyen cihaz' when nothing is known. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  const parts = [browser, system].filter(Boolean);
  if (parts.length) return parts.join(' · ');
  return ua ? ua.slice(0, 60) : 'Bilinmeyen cihaz';
}

/** The session id (`sid`) of the request's own token, if it names one. */
export async function currentSessionId(ctx: AppContext, req: Request): Promise<string | undefined> {
  const token = bearerToken(req);
  if (!token) return undefined;
  const claims = await verifiedClaims(ctx, token);
  return claims.kind === 'user' ? claims.sid : undefined;
}

export async function openSession(ctx: AppContext, userId: string, meta: SignInMeta): Promise<string> {
  const now = ctx.clock();
  const row = await ctx.db.userSession.create({
    data: { userId, device: deviceName(meta.userAgent), ip: meta.ip ?? null, createdAt: now, lastSeenAt: now },
    select: { id: true },
  });
  return row.id;
}

/**
 * A user token for the sign-in `sessionId` (without one, a token naming no session). The row
 * keeps the expiry of the latest token signed for it: switching accounts, accepting an
 * invitation or a new password sign a new one with the same `sid`, and the row lives as long.
 */
export async function signSessionToken(
  ctx: AppContext, userId: string, tokenVersion: number, accountId: string | undefined, sessionId: string | undefined,
): Promise<string> {
  const token = await ctx.tokens.signUser(userId, tokenVersion, accountId, sessionId);
  const expiresAt = ctx.tokens.expiryOf(token);
  if (sessionId && expiresAt) {
    // Never moved back: of two tokens signed at once, the later expiry holds.
    await ctx.db.userSession.updateMany({ where: { id: sessionId, OR: [{ expiresAt: null }, { expiresAt: { lt: expiresAt } }] }, data: { expiresAt } });
  }
  return token;
}

/**
 * The periodic `sessions.sweep`: deletes the sessions no token can use any more, and answers how
 * many. A row from before `expiresAt` existed goes once its last token must have expired: every
 * token of a session is signed at most LAST_SEEN_WRITE_MS after its `lastSeenAt` (a sign-in sets
 * it; a re-signing request is authenticated by the session's token, which writes it when older).
 */
export async function sweepExpiredSessions(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  const unknownExpiryBefore = new Date(now.getTime() - ctx.tokens.userLifetimeMs() - LAST_SEEN_WRITE_MS);
  const { count } = await ctx.db.userSession.deleteMany({
    where: { OR: [{ expiresAt: { lt: now } }, { expiresAt: null, lastSeenAt: { lt: unknownExpiryBefore } }] },
  });
  return count;
}

export async function listSessions(ctx: AppContext, userId: string, currentId: string | undefined): Promise<TUserSession[]> {
  const rows = await ctx.db.userSession.findMany({ where: { userId }, orderBy: [{ lastSeenAt: 'desc' }, { id: 'asc' }] });
  return rows.map((r) => ({
    _id: r.id, device: r.device, ip: r.ip, createdAt: r.createdAt.toISOString(), lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === currentId,
  }));
}

/** Ends one of the user's own sessions; another user's (or a missing) id reads as missing. */
export async function endSession(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.userSession.deleteMany({ where: { id: sessionId, userId } });
    if (count === 0) throw notFound('Oturum');
    await auditPerson(tx, userId, 'user.sessionEnd', { sessions: [count, 0] });
  });
  ctx.connections.sessionsEnded([sessionId]);
}

/**
 * Ends every session of the user but `keepId` (all of them without one), and every sign-in still
 * waiting for its second factor (a login ticket); answers how many sessions ended.
 */
export async function endOtherSessions(ctx: AppContext, userId: string, keepId: string | undefined): Promise<number> {
  await ctx.db.loginTicket.deleteMany({ where: { userId } });
  const rows = await ctx.db.userSession.findMany({ where: { userId, ...(keepId ? { id: { not: keepId } } : {}) }, select: { id: true } });
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  const count = await ctx.db.$transaction(async (tx) => {
    const ended = (await tx.userSession.deleteMany({ where: { id: { in: ids }, userId } })).count;
    if (ended > 0) await auditPerson(tx, userId, 'user.sessionEnd', { sessions: [ended, 0] });
    return ended;
  });
  ctx.connections.sessionsEnded(ids);
  return count;
}
