import { SignJWT, jwtVerify, errors } from 'jose';

export type UserClaims = { kind: 'user'; sub: string };
export type DeviceClaims = { kind: 'device'; sub: string; ownerId: string };
export type TokenClaims = UserClaims | DeviceClaims;

export type TokenService = {
  signUser(userId: string): Promise<string>;
  signDevice(deviceId: string, ownerId: string): Promise<string>;
  /** Throws `TokenExpiredError` or `InvalidTokenError`. */
  verify(token: string): Promise<TokenClaims>;
};

export class TokenExpiredError extends Error {}
export class InvalidTokenError extends Error {}

const ISSUER = 'pano';

export function createTokenService(secret: string, userTtl: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const sign = (claims: Record<string, unknown>, sub: string, ttl: string | null) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuer(ISSUER).setIssuedAt();
    // Device tokens do not expire: an unattended screen must never be logged out.
    // They are revoked through the Device row instead.
    return (ttl ? jwt.setExpirationTime(ttl) : jwt).sign(key);
  };
  return {
    signUser: (userId) => sign({ kind: 'user' }, userId, userTtl),
    signDevice: (deviceId, ownerId) => sign({ kind: 'device', ownerId }, deviceId, null),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (payload.kind === 'user' && payload.sub) return { kind: 'user', sub: payload.sub };
        if (payload.kind === 'device' && payload.sub && typeof payload.ownerId === 'string') {
          return { kind: 'device', sub: payload.sub, ownerId: payload.ownerId };
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
