import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * Secrets kept at rest (a TOTP secret, a company sign-in's client secret): AES-256-GCM from
 * node:crypto, as `v1.iv.tag.body` (base64url), under a key derived by HKDF from the token signing
 * secret for one purpose (`TokenService.derivedKey`). Rotating JWT_SECRET makes them unreadable
 * (docs/architecture/two-factor.md, docs/architecture/sso.md).
 */

export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Throws when the text was sealed under another key or changed since. */
export function openText(key: Buffer, sealed: string): string {
  const [, iv, tag, body] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body!, 'base64url')), decipher.final()]).toString('utf8');
}
