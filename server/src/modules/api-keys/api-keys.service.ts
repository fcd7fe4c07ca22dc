import { randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX, type TApiKeyScope, type TCreateApiKeyBody } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { allOwned } from '../../db/ownership.js';
import { limitReached, notFound, unauthorized } from '../../http/errors.js';
import type { AuthAccount } from '../../http/request-types.js';
import { audit } from '../audit/audit.js';
import { assertKeyWithin } from '../accounts/member-scope.js';
import { lockOwner } from '../entitlements/limits.js';
import { sha256Hex } from '../../http/sealed-secret.js';

/*
 * API keys for building systems (docs/architecture/security.md#api-keys): a long random secret shown
 * once, kept only as its SHA-256, with the scopes it may use and the screen groups it is limited to.
 */

export const MAX_API_KEYS = 20;
/** lastUsedAt is written at most this often per key: a panel polling an alert costs no write per poll. */
const LAST_USED_EVERY_MS = 60_000;
const HOUR_MS = 3_600_000;
/** The list's window of use: the current hour and the 23 before it; older hours are deleted as the key is used. */
const USAGE_HOURS = 24;
const PREFIX_SHOWN = API_KEY_PREFIX.length + 6;

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

const withGroups = { groups: { select: { group: { select: { id: true, name: true } } }, orderBy: { group: { name: 'asc' as const } } } };

const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
const windowStart = (now: Date) => new Date(hourOf(now).getTime() - (USAGE_HOURS - 1) * HOUR_MS);

/** The account's live keys, each with its groups and its requests in the last 24 hours. */
export async function listApiKeys(ctx: AppContext, ownerId: string) {
  const rows = await ctx.db.apiKey.findMany({
    where: { ownerId, revokedAt: null }, include: withGroups, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  });
  const since = windowStart(ctx.clock());
  const usage = await ctx.db.apiKeyUsage.groupBy({
    by: ['apiKeyId'], where: { apiKeyId: { in: rows.map((r) => r.id) }, hour: { gte: since } }, _sum: { count: true },
  });
  const counts = new Map(usage.map((u) => [u.apiKeyId, u._sum.count ?? 0]));
  return rows.map((row) => ({ ...row, requests24h: counts.get(row.id) ?? 0 }));
}

/** The secret is returned here and nowhere else: only its hash is stored. */
export async function createApiKey(ctx: AppContext, ownerId: string, body: TCreateApiKeyBody) {
  const { name, scopes } = body;
  const groups = [...new Set(body.groups)];
  // 32 random bytes: a key cannot be guessed, so one SHA-256 (no slow password hash) is enough.
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await ctx.db.$transaction(async (tx) => {
    // The account's row lock serialises two creations, so the limit holds under concurrency, and
    // a group cannot be deleted between the check below and the key's creation.
    await lockOwner(tx, ownerId);
    if (await tx.apiKey.count({ where: { ownerId, revokedAt: null } }) >= MAX_API_KEYS) {
      throw limitReached(`En fazla ${MAX_API_KEYS} API anahtarı oluşturabilirsiniz`);
    }
    // Another account's group, or a deleted one, reads as missing.
    if (!(await allOwned(tx, 'screenGroup', ownerId, groups))) throw notFound('Ekran grubu');
    const created = await tx.apiKey.create({
      data: { ownerId, name, hash: sha256Hex(key), prefix: key.slice(0, PREFIX_SHOWN), scopes, groups: { create: groups.map((groupId) => ({ groupId })) } },
      include: withGroups,
    });
    // The prefix only: the secret and its hash are never written into an event.
    await audit(tx, {
      account: ownerId, action: 'apiKey.create', target: { type: 'apiKey', id: created.id, name },
      changes: {
        name: [null, name], prefix: [null, created.prefix], scopes: [null, scopes],
        groups: [null, created.groups.map((g) => g.group.name)],
      },
    });
    return created;
  });
  return { row: { ...row, requests24h: 0 }, key };
}

/**
 * Refused at once: the next request with the key answers 401. The row stays for the alerts it
 * sent. A caller limited to screen groups revokes only keys within their own groups.
 */
export async function revokeApiKey(ctx: AppContext, caller: AuthAccount, id: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const now = ctx.clock();
    const key = await tx.apiKey.findFirst({ where: { id, ownerId: caller.id, revokedAt: null }, select: { groups: { select: { groupId: true } } } });
    if (!key) throw notFound('API anahtarı');
    assertKeyWithin(caller, key.groups.map((g) => g.groupId));
    const [revoked] = await tx.apiKey.updateManyAndReturn({ where: { id, ownerId: caller.id, revokedAt: null }, data: { revokedAt: now } });
    if (!revoked) throw notFound('API anahtarı');
    await audit(tx, { account: caller.id, action: 'apiKey.revoke', target: { type: 'apiKey', id, name: revoked.name }, changes: { revokedAt: [null, now] } });
  });
}

export const invalidApiKey = () => unauthorized('Geçersiz veya iptal edilmiş API anahtarı');

export type KeyIdentity = { account: AuthAccount; key: { id: string; name: string }; scopes: TApiKeyScope[] };

/**
 * The customer a key acts for, its scopes and groups, or undefined for an unknown or revoked key
 * (the caller counts that against the address, api-key-auth.ts). Looked up by its hash (an index
 * lookup: timing reveals at most a hash's prefix, which says nothing about the secret), then
 * compared in constant time. Every use is counted in its hour.
 */
export async function authenticateApiKey(ctx: AppContext, key: string): Promise<KeyIdentity | undefined> {
  const hash = sha256Hex(key);
  const row = await ctx.db.apiKey.findUnique({
    where: { hash },
    select: {
      id: true, name: true, hash: true, scopes: true, revokedAt: true, lastUsedAt: true,
      owner: { select: { id: true, name: true } }, groups: { select: { groupId: true }, orderBy: { groupId: 'asc' } },
    },
  });
  if (!row || row.revokedAt) return undefined;
  if (!timingSafeEqual(Buffer.from(row.hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  await recordUse(ctx.db, row.id, row.lastUsedAt, ctx.clock());
  // Within its scopes a key acts as a publisher would (docs/architecture/accounts.md#roles),
  // limited to its groups as a member is.
  return {
    account: { ...row.owner, role: 'publisher', groupIds: row.groups.map((g) => g.groupId) },
    key: { id: row.id, name: row.name },
    scopes: row.scopes as TApiKeyScope[],
  };
}

/**
 * One more request in the key's current hour (one statement), and at most once a minute its
 * 'Son kullanım' and the deletion of hours no list shows any more.
 */
async function recordUse(db: Db, id: string, lastUsedAt: Date | null, now: Date): Promise<void> {
  await db.$executeRaw`
    INSERT INTO api_key_usage ("apiKeyId", hour, count) VALUES (${id}, ${hourOf(now)}, 1)
    ON CONFLICT ("apiKeyId", hour) DO UPDATE SET count = api_key_usage.count + 1`;
  const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
  if (lastUsedAt && lastUsedAt >= stale) return;
  const updated = await db.apiKey.updateMany({
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: stale } }] }, data: { lastUsedAt: now },
  });
  if (updated.count > 0) {
    await db.apiKeyUsage.deleteMany({ where: { apiKeyId: id, hour: { lt: windowStart(now) } } });
  }
}
