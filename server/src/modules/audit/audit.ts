import { createHash, randomUUID } from 'node:crypto';
import type { Prisma } from '../../db/generated/client.js';
import { auditRequest, personName, type AuditActor } from '../../http/audit-context.js';
import type { TAuditAction } from '@pano/contract';

type Tx = Prisma.TransactionClient;

/** The chain of platform administrators' changes (packages, player app, sales). */
export const PLATFORM_CHAIN = 'platform';

export type AuditTarget = { type: string; id: string | null; name?: string | null };
/** Field → [before, after]; null stands for "did not exist". */
export type AuditChanges = Record<string, [unknown, unknown]>;

export type AuditEntry = {
  /** The account the change belongs to, or null for a platform change. */
  account: string | null;
  /** What was done: '<target type>.<verb>', e.g. 'playlist.update'. */
  action: TAuditAction;
  target: AuditTarget;
  /** The fields changed; given but empty, no event is written (a save that changed nothing). */
  changes?: AuditChanges;
  /** Who acted, when not the request's actor (a background job acting on its own). */
  actor?: AuditActor;
};

/** Field names whose values are never written into an event, whatever a caller passes. */
const SECRET = /password|token|secret|hash|^key$/i;

/** A stable JSON text: object keys sorted at every level (PostgreSQL's jsonb reorders them). */
export function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** What an event's hash covers: everything but its id and the hash itself. */
export type HashedEvent = {
  chain: string; seq: number; at: Date; actorType: string; actorId: string | null; actorName: string;
  action: string; targetType: string; targetId: string | null; targetName: string | null; changes: unknown;
  ip: string | null; userAgent: string | null; requestId: string | null; prevHash: string;
};

export const eventHash = (e: HashedEvent) => createHash('sha256').update(canonical({
  chain: e.chain, seq: e.seq, at: e.at.toISOString(), actor: [e.actorType, e.actorId, e.actorName], action: e.action,
  target: [e.targetType, e.targetId, e.targetName], changes: e.changes, ip: e.ip, userAgent: e.userAgent,
  requestId: e.requestId, prevHash: e.prevHash,
})).digest('hex');

/** The hash a chain starts from. */
export const GENESIS = '0'.repeat(64);

/**
 * What JSON keeps, at every level, so the stored JSON hashes the same when read back: dates become
 * ISO text, big integers text (exact, where a Number loses digits), fields named as secrets are
 * dropped wherever they are nested.
 */
const plain = (v: unknown): unknown => {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === 'object') {
    if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return JSON.parse(JSON.stringify(v));
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([k, x]) => x !== undefined && !SECRET.test(k)).map(([k, x]) => [k, plain(x)]));
  }
  return JSON.parse(JSON.stringify(v)) as unknown;
};

type Head = { seq: number; hash: string };

/**
 * Locks the chain and reads its head (docs/architecture/audit.md#the-chain). Once the chain has a
 * head, its row is the lock: `FOR UPDATE` waits for an append holding it, and READ COMMITTED then
 * reads the row as that append left it, so one statement locks and reads. A chain's first events
 * have no row to lock yet: they take the chain's advisory lock, and read again under it (a
 * statement's snapshot predates the locks it waits for, so the read cannot share its statement).
 */
async function lockHead(tx: Tx, chain: string): Promise<Head | undefined> {
  const [head] = await tx.$queryRaw<Head[]>`SELECT seq, hash FROM audit_heads WHERE chain = ${chain} FOR UPDATE`;
  if (head) return head;
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`audit:${chain}`}, 0))::text`;
  const [created] = await tx.$queryRaw<Head[]>`SELECT seq, hash FROM audit_heads WHERE chain = ${chain} FOR UPDATE`;
  return created;
}

/**
 * Appends one event to its chain, inside the transaction of the change it records
 * (docs/architecture/audit.md): both commit, or neither does. The chain's lock (`lockHead`)
 * makes concurrent changes of one account append one after another. Call it after the change's
 * last write: the chain's lock must be the last lock a transaction takes, or a transaction holding
 * it and waiting for a row would deadlock with one holding that row and waiting to append. Two
 * round trips once the chain has a head: the head locked and read, then the event and the head.
 */
export async function audit(tx: Tx, entry: AuditEntry): Promise<void> {
  // A save that changed nothing is no change of state: an event with empty changes is noise.
  // An action without fields to record passes no `changes` at all.
  if (entry.changes && Object.keys(entry.changes).length === 0) return;
  const request = auditRequest();
  const actor = entry.actor ?? request.actor;
  const chain = entry.account ?? PLATFORM_CHAIN;
  const head = await lockHead(tx, chain);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, [before, after]] of Object.entries(entry.changes ?? {})) {
    if (!SECRET.test(field)) changes[field] = [plain(before), plain(after)];
  }
  const event: HashedEvent = {
    chain, seq: (head?.seq ?? 0) + 1, at: request.clock(), actorType: actor.type, actorId: actor.id, actorName: actor.name,
    action: entry.action, targetType: entry.target.type, targetId: entry.target.id, targetName: entry.target.name ?? null,
    changes, ip: request.ip, userAgent: request.userAgent, requestId: request.requestId, prevHash: head?.hash ?? GENESIS,
  };
  const hash = eventHash(event);
  await tx.$executeRaw`
    WITH event AS (
      INSERT INTO audit_events (id, chain, seq, at, "actorType", "actorId", "actorName", action, "targetType", "targetId", "targetName",
                                changes, ip, "userAgent", "requestId", "prevHash", hash)
      VALUES (${randomUUID()}, ${chain}, ${event.seq}::int, ${event.at.toISOString()}::timestamptz, ${event.actorType}, ${event.actorId},
              ${event.actorName}, ${event.action}, ${event.targetType}, ${event.targetId}, ${event.targetName}, ${JSON.stringify(changes)}::jsonb,
              ${event.ip}, ${event.userAgent}, ${event.requestId}, ${event.prevHash}, ${hash})
    )
    INSERT INTO audit_heads (chain, seq, hash) VALUES (${chain}, ${event.seq}::int, ${hash})
    ON CONFLICT (chain) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash`;
}

/**
 * The fields of `fields` that differ between two versions of a row, as [before, after]; a row
 * created has `before` null, one deleted `after` null.
 */
export function changesOf<T extends Record<string, unknown>>(before: T | null, after: T | null, fields: readonly (keyof T & string)[]): AuditChanges {
  const out: AuditChanges = {};
  for (const f of fields) {
    const b = before ? plain(before[f]) : null;
    const a = after ? plain(after[f]) : null;
    if (canonical(b) !== canonical(a)) out[f] = [b, a];
  }
  return out;
}

/** What an event records of a media item (its file's name and size are not the person's doing). */
export const MEDIA_FIELDS = ['name', 'kind', 'app'] as const;
export const mediaTarget = (m: { id: string; name: string }): AuditTarget => ({ type: 'media', id: m.id, name: m.name });

/** A person as an event's target (a member, an invitation's or an account's user), by name or email. */
export async function personTarget(tx: Tx, type: string, userId: string): Promise<AuditTarget> {
  const u = await tx.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true, lastName: true } });
  return { type, id: userId, name: u ? personName(u) : null };
}

/**
 * A person who registers (their own new account's first event) or a new platform administrator
 * (the platform's chain): nobody is signed in yet, so the new person is the actor.
 */
export async function auditNewUser(tx: Tx, user: { id: string; email: string; firstName: string | null; lastName: string | null; role: string }): Promise<void> {
  const name = personName(user);
  const actor: AuditActor = auditRequest().actor.type === 'system' ? { type: 'user', id: user.id, name } : auditRequest().actor;
  if (user.role === 'admin') {
    await audit(tx, { account: null, action: 'admin.create', target: { type: 'admin', id: user.id, name }, actor, changes: { email: [null, user.email] } });
    return;
  }
  // The own account takes the user's id (modules/accounts/own-account.ts).
  await audit(tx, { account: user.id, action: 'account.create', target: { type: 'account', id: user.id, name }, actor, changes: { email: [null, user.email] } });
}

/**
 * A change of a person's own sign-in (signing out, sessions ended, a password reset, two-factor
 * turned on or off): a person is outside accounts, so one event goes into each chain of the
 * accounts they belong to, the person as target and, unless `by` says otherwise, as actor
 * (docs/architecture/audit.md#events).
 * Chains are taken in id order, so two such transactions never wait on each other's locks.
 */
export async function auditPerson(tx: Tx, userId: string, action: TAuditAction, changes?: AuditChanges, by?: AuditActor): Promise<void> {
  const u = await tx.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true, lastName: true, memberships: { select: { accountId: true } } } });
  if (!u) return;
  const name = personName(u);
  const actor: AuditActor = by ?? { type: 'user', id: userId, name };
  const accounts = [...new Set(u.memberships.map((m) => m.accountId))].sort();
  for (const account of accounts) await audit(tx, { account, action, target: { type: 'user', id: userId, name }, actor, changes });
}
