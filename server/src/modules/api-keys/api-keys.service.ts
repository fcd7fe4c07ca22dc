import { randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { limitReached, notFound, unauthorized } from '../../http/errors.js';
import type { AuthAccount } from '../../http/request-types.js';
import { audit } from '../audit/audit.js';
import { lockOwner } from '../entitlements/limits.js';
import { sha256Hex } from '../../http/sealed-secret.js';

/*
 * API keys for building systems (docs/architecture/security.md#api-keys): a long random secret shown
 * once, kept only as its SHA-256, scoped to alerts.
 */

export const MAX_API_KEYS = 20;
/** lastUsedAt is written at most this often per key: a panel polling an alert costs no write per poll. */
const LAST_USED_EVERY_MS = 60_000;
const PREFIX_SHOWN = API_KEY_PREFIX.length + 6;

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

export async function listApiKeys(db: Db, ownerId: string) {
  return db.apiKey.findMany({ where: { ownerId, revokedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
}

/** The secret is returned here and nowhere else: only its hash is stored. */
export async function createApiKey(ctx: AppContext, ownerId: string, name: string) {
  // 32 random bytes: a key cannot be guessed, so one SHA-256 (no slow password hash) is enough.
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await ctx.db.$transaction(async (tx) => {
    // The account's row lock serialises two creations, so the limit holds under concurrency
    // (a users row of the same id exists only for accounts made before accounts were).
    await lockOwner(tx, ownerId);
    if (await tx.apiKey.count({ where: { ownerId, revokedAt: null } }) >= MAX_API_KEYS) {
      throw limitReached(`En fazla ${MAX_API_KEYS} API anahtarı oluşturabilirsiniz`);
    }
    const created = await tx.apiKey.create({ data: { ownerId, name, hash: sha256Hex(key), prefix: key.slice(0, PREFIX_SHOWN) } });
    // The prefix only: the secret and its hash are never written into an event.
    await audit(tx, { account: ownerId, action: 'apiKey.create', target: { type: 'apiKey', id: created.id, name }, changes: { name: [null, name], prefix: [null, created.prefix] } });
    return created;
  });
  return { row, key };
}

/** Refused at once: the next request with the key answers 401. The row stays for the alerts it sent. */
export async function revokeApiKey(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const now = ctx.clock();
    const [revoked] = await tx.apiKey.updateManyAndReturn({ where: { id, ownerId, revokedAt: null }, data: { revokedAt: now } });
    if (!revoked) throw notFound('API anahtarı');
    await audit(tx, { account: ownerId, action: 'apiKey.revoke', target: { type: 'apiKey', id, name: revoked.name }, changes: { revokedAt: [null, now] } });
  });
}

export const invalidApiKey = () => unauthorized('Geçersiz veya iptal edilmiş API anahtarı');

/**
 * The customer a key acts for, or undefined for an unknown or revoked key (the caller counts
 * that against the address, api-key-auth.ts). Looked up by its hash (an index lookup: timing
 * reveals at most a hash's prefix, which says nothing about the secret), then compared in
 * constant time.
 */
export async function authenticateApiKey(
  ctx: AppContext, key: string,
): Promise<{ account: AuthAccount; key: { id: string; name: string } } | undefined> {
  const hash = sha256Hex(key);
  const row = await ctx.db.apiKey.findUnique({
    where: { hash },
    select: {
      id: true, name: true, hash: true, scope: true, revokedAt: true, lastUsedAt: true,
      owner: { select: { id: true, name: true } },
    },
  });
  if (!row || row.revokedAt || row.scope !== 'alerts') return undefined;
  if (!timingSafeEqual(Buffer.from(row.hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  const now = ctx.clock();
  const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
  if (!row.lastUsedAt || row.lastUsedAt < stale) {
    await ctx.db.apiKey.updateMany({
      where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: stale } }] }, data: { lastUsedAt: now },
    });
  }
  // A key sends and ends alerts for the whole account: a publisher's rights (docs/architecture/accounts.md#roles).
  return { account: { ...row.owner, role: 'publisher', groupIds: [] }, key: { id: row.id, name: row.name } };
}
