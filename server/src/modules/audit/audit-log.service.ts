import { AUDIT_PAGE_SIZE, type TAuditEvent, type TAuditQuery, type TAuditVerify } from '@pano/contract';
import type { Db } from '../../db/client.js';
import type { AuditEvent, Prisma } from '../../db/generated/client.js';
import { CSV_BOM, csvLine } from '../../http/csv.js';
import { eventHash, GENESIS } from './audit.js';

/** Days are Turkey's (UTC+3 all year since 2016): a day's events from its local midnight. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);
const DAY_MS = 86_400_000;

/**
 * Prisma's `startsWith` is a LIKE whose pattern it does not escape: '%' and '_' of a filter would
 * be wildcards ('%.' matched every action). PostgreSQL's LIKE escapes with a backslash by default.
 */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(chain: string, q: TAuditQuery): Prisma.AuditEventWhereInput {
  const at: Prisma.DateTimeFilter = {};
  if (q.from) at.gte = dayStart(q.from);
  if (q.to) at.lt = new Date(dayStart(q.to).getTime() + DAY_MS);
  return {
    chain,
    ...(q.from || q.to ? { at } : {}),
    ...(q.actor ? { actorId: q.actor } : {}),
    ...(q.action ? (q.action.endsWith('.') ? { action: { startsWith: likeLiteral(q.action) } } : { action: q.action }) : {}),
    ...(q.targetType ? { targetType: q.targetType } : {}),
    ...(q.targetId ? { targetId: q.targetId } : {}),
  };
}

export const presentAuditEvent = (e: AuditEvent): TAuditEvent => ({
  _id: e.id,
  at: e.at.toISOString(),
  actor: { type: e.actorType as TAuditEvent['actor']['type'], id: e.actorId, name: e.actorName },
  action: e.action,
  target: { type: e.targetType, id: e.targetId, name: e.targetName },
  changes: e.changes as TAuditEvent['changes'],
  ip: e.ip,
  userAgent: e.userAgent,
  requestId: e.requestId,
});

/** One page of a chain's events, newest first. */
export async function listAuditEvents(db: Db, chain: string, q: TAuditQuery) {
  const where = whereOf(chain, q);
  const [rows, total] = await Promise.all([
    db.auditEvent.findMany({ where, orderBy: { seq: 'desc' }, skip: (q.page - 1) * AUDIT_PAGE_SIZE, take: AUDIT_PAGE_SIZE }),
    db.auditEvent.count({ where }),
  ]);
  return { events: rows.map(presentAuditEvent), page: q.page, pageSize: AUDIT_PAGE_SIZE, total };
}

/** How many events one read of the CSV export takes. */
export const CSV_BATCH = 1000;

/**
 * Every event the filters select, newest first, for the CSV file: all of them, however many
 * (years of a busy account), read CSV_BATCH at a time by sequence number and handed on as text
 * chunks, so the file is never held whole. Events appended while it is written are not in it:
 * it ends at the chain's newest event as the export began.
 */
export async function* auditCsv(db: Db, chain: string, q: TAuditQuery): AsyncGenerator<string> {
  const istanbul = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', dateStyle: 'short', timeStyle: 'medium' });
  yield CSV_BOM + csvLine(['Zaman', 'Kişi Türü', 'Kişi', 'Kişi Kimliği', 'İşlem', 'Hedef Türü', 'Hedef', 'Hedef Kimliği', 'Değişiklikler', 'IP', 'Tarayıcı', 'İstek Kimliği']);
  const newest = await db.auditEvent.aggregate({ where: { chain }, _max: { seq: true } });
  let below = (newest._max.seq ?? 0) + 1;
  const where = whereOf(chain, q);
  for (;;) {
    const rows = await db.auditEvent.findMany({ where: { ...where, seq: { lt: below } }, orderBy: { seq: 'desc' }, take: CSV_BATCH });
    if (rows.length === 0) return;
    yield rows.map((e) => csvLine([
      istanbul.format(e.at), e.actorType, e.actorName, e.actorId ?? '', e.action, e.targetType, e.targetName ?? '', e.targetId ?? '',
      JSON.stringify(e.changes), e.ip ?? '', e.userAgent ?? '', e.requestId ?? '',
    ])).join('');
    if (rows.length < CSV_BATCH) return;
    below = rows.at(-1)!.seq;
  }
}

/**
 * Walks a chain from its first event (docs/architecture/audit.md#the-chain): each event's hash
 * must match its content and name the previous event's hash, sequence numbers must follow each
 * other, and the chain's head must be its last event. Read in batches, so a long history is not
 * held in memory at once, all in one REPEATABLE READ snapshot: an event appended during the walk
 * moved the head past the last event read, and the chain read as broken.
 */
export async function verifyChain(db: Db, chain: string): Promise<TAuditVerify> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SET TRANSACTION READ ONLY`;
    let prevHash = GENESIS;
    let expectedSeq = 1;
    let checked = 0;
    let lastId: string | null = null;
    for (;;) {
      const batch = await tx.auditEvent.findMany({ where: { chain, seq: { gte: expectedSeq } }, orderBy: { seq: 'asc' }, take: 1000 });
      for (const e of batch) {
        if (e.seq !== expectedSeq || e.prevHash !== prevHash || eventHash(e) !== e.hash) return { ok: false, checked, brokenAt: e.id };
        prevHash = e.hash;
        expectedSeq += 1;
        checked += 1;
        lastId = e.id;
      }
      if (batch.length < 1000) break;
    }
    const head = await tx.auditHead.findUnique({ where: { chain } });
    const headMatches = head ? head.seq === expectedSeq - 1 && head.hash === prevHash : checked === 0;
    // Events missing at the end: the head still names the last one written.
    if (!headMatches) return { ok: false, checked, brokenAt: lastId ?? 'end' };
    return { ok: true, checked, brokenAt: null };
  }, { isolationLevel: 'RepeatableRead', timeout: VERIFY_TIMEOUT_MS, maxWait: 10_000 });
}

/** A long history (a million events, read 1,000 at a time) still fits. */
const VERIFY_TIMEOUT_MS = 10 * 60_000;
