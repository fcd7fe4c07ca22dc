import { hkdfSync } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify, errors } from 'jose';
import { tokenLifetimeMs } from '../config/token-lifetime.js';

/**
 * `ver`: the user's token version when it was signed; logout raises it, refusing every older token.
 * `acc`: the account the session works in (docs/architecture/accounts.md); absent in tokens signed
 * before accounts, which then work in the user's first account.
 * `sid`: the sign-in's session row (docs/architecture/sessions.md); ending it refuses the token.
 * Absent in tokens signed before sessions existed, which live until they expire.
 */
export type UserClaims = { kind: 'user'; sub: string; ver: number; acc?: string; sid?: string };
export type DeviceClaims = { kind: 'device'; sub: string; ownerId: string };
export type TokenClaims = UserClaims | DeviceClaims;

export type TokenService = {
  signUser(userId: string, tokenVersion: number, accountId?: string, sessionId?: string): Promise<string>;
  signDevice(deviceId: string, ownerId: string): Promise<string>;
  /** Throws `TokenExpiredError` or `InvalidTokenError`. */
  verify(token: string): Promise<TokenClaims>;
  /** When a token this service signed expires; null for one that never does (a device's). */
  expiryOf(token: string): Date | null;
  /** How long a user token lives (JWT_TTL), in milliseconds. */
  userLifetimeMs(): number;
  /** A 32-byte key for `purpose`, derived from the signing secret (HKDF-SHA256). */
  derivedKey(purpose: string): Buffer;
};

export class TokenExpiredError extends Error {}
export class InvalidTokenError extends Error {}

const ISSUER = 'pano';

/**
 * Device tokens never expire and are revoked through the Device row (checked on every use), so
 * a device token's signature, once verified, stays valid: it is remembered, and a player's
 * socket handshake, config fetches and every later request verify it once
 * (docs/PERFORMANCE.md, P4/P5). User tokens expire and are always verified.
 */
const MAX_REMEMBERED_DEVICE_TOKENS = 20_000;

export function createTokenService(secret: string, userTtl: string): TokenService {
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every call, which made
  // a verify ~4× slower (docs/PERFORMANCE.md, P4: 10,000 players re-authenticate at once).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verifiedDevices = new Map<string, DeviceClaims>();
  let userLifetime: number | undefined;
  const sign = async (claims: Record<string, unknown>, sub: string, ttl: string | null) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuer(ISSUER).setIssuedAt();
    // Device tokens do not expire: an unattended screen must never be logged out.
    // They are revoked through the Device row instead.
    return (ttl ? jwt.setExpirationTime(ttl) : jwt).sign(await key);
  };
  return {
    signUser: (userId, tokenVersion, accountId, sessionId) =>
      sign({ kind: 'user', ver: tokenVersion, ...(accountId ? { acc: accountId } : {}), ...(sessionId ? { sid: sessionId } : {}) }, userId, userTtl),
    derivedKey: (purpose) => Buffer.from(hkdfSync('sha256', secret, '', `pano:${purpose}`, 32)),
    expiryOf: (token) => {
      const { exp } = decodeJwt(token);
      return typeof exp === 'number' ? new Date(exp * 1000) : null;
    },
    userLifetimeMs: () => (userLifetime ??= tokenLifetimeMs(userTtl)),
    signDevice: (deviceId, ownerId) => sign({ kind: 'device', ownerId }, deviceId, null),
    async verify(token) {
      const known = verifiedDevices.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, algorithms: ['HS256'] });
        // Tokens signed before versions existed carry none: they are version 0, as every user starts.
        if (payload.kind === 'user' && payload.sub) {
          const acc = typeof payload.acc === 'string' ? { acc: payload.acc } : {};
          const sid = typeof payload.sid === 'string' ? { sid: payload.sid } : {};
          return { kind: 'user', sub: payload.sub, ver: typeof payload.ver === 'number' ? payload.ver : 0, ...acc, ...sid };
        }
        if (payload.kind === 'device' && payload.sub && typeof payload.ownerId === 'string') {
          const claims: DeviceClaims = { kind: 'device', sub: payload.sub, ownerId: payload.ownerId };
          if (verifiedDevices.size >= MAX_REMEMBERED_DEVICE_TOKENS) verifiedDevices.clear();
          verifiedDevices.set(token, claims);
          return claims;
        }
        throw new InvalidTokenError('unknown token kind');
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new TokenExpiredError();
        if (err instanceof InvalidTokenError) throw err;
        throw new InvalidTokenError();
      }
    },
  };
}
