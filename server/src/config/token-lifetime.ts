import { UnsecuredJWT, decodeJwt } from 'jose';

/**
 * JWT_TTL as jose reads it ('7d', '12h', '30 minutes'): the lifetime of the expiry it sets, less
 * the second it set it in. jose's own reading, so the start refuses exactly what signing would.
 * Throws on text jose cannot read.
 */
export function tokenLifetimeMs(ttl: string): number {
  for (;;) {
    const second = Math.floor(Date.now() / 1000);
    const { exp } = decodeJwt(new UnsecuredJWT({}).setExpirationTime(ttl).encode());
    if (Math.floor(Date.now() / 1000) === second) return (exp! - second) * 1000;
  }
}

/** Whether a user token signed with this lifetime would live at all (not '0s', not '1 day ago'). */
export function isTokenLifetime(ttl: string): boolean {
  try {
    return tokenLifetimeMs(ttl) > 0;
  } catch {
    return false;
  }
}
