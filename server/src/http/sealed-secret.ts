import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Secrets kept at rest. One read back later (a TOTP secret, a company sign-in's client secret):
 * AES-256-GCM from node:crypto, as `v1.iv.tag.body` (base64url), under a key derived by HKDF from
 * the token signing secret for one purpose (`TokenService.derivedKey`); rotating JWT_SECRET makes
 * them unreadable (docs/architecture/two-factor.md, docs/architecture/sso.md). One only compared
 * (a link's token, an API key): its SHA-256.
 */

export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/**
 * The text sealed; when it was sealed under another key (JWT_SECRET rotated) or changed since,
 * the caller's `unreadable` error, which says in Turkish what to do about it.
 */
export function openText(key: Buffer, sealed: string, unreadable: () => Error): string {
  try {
    const [, iv, tag, body] = sealed.split('.');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body!, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw unreadable();
  }
}

/**
 * A one-time token or key (a login ticket, a reset or invitation link, an API key, a company
 * sign-in's state) is stored only as its SHA-256, hex: a copy of the database cannot use it.
 */
export const sha256Hex = (token: string): string => createHash('sha256').update(token).digest('hex');
