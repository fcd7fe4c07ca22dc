import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditEvent, TAuditPage } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, newMember, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeGroup, makeMedia } from '../screens/content.fixtures.js';
import type { Db } from '../../db/client.js';
import { audit } from './audit.js';
import { CSV_BATCH, verifyChain } from './audit-log.service.js';

let t: TestApp;
let owner: TestUser;
let mediaId: string;

// A database of its own: its tests edit and delete events with the trigger disabled.
beforeAll(async () => {
  t = await createTestApp({ ownDatabase: true });
  owner = await newCustomer(t);
  mediaId = (await makeMedia(t, owner.id, 'image', 'Afiş')).id;
});
afterAll(async () => { await t?.close(); });

const events = async (u: TestUser, query = '') => {
  const res = await t.http.get(`/api/audit${query}`).set(u.auth);
  expect(res.status).toBe(200);
  return res.body as TAuditPage;
};
const verify = async (u: TestUser) => (await t.http.get('/api/audit/verify').set(u.auth).expect(200)).body as { ok: boolean; checked: number; brokenAt: string | null };
/** Runs SQL on events as someone with the database's owner rights would, past the trigger. */
const tamper = async (sql: string, ...values: unknown[]) => {
  await t.ctx.db.$executeRawUnsafe('ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only');
  try { await t.ctx.db.$executeRawUnsafe(sql, ...values); } finally {
    await t.ctx.db.$executeRawUnsafe('ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only');
  }
};

describe('audit events', () => {
  it('a change writes one event naming who, what, the fields changed and the request', async () => {
    const created = await t.http.post('/api/playlists').set(owner.auth).set('User-Agent', 'Testci/1.0').set('X-Request-Id', 'req-audit-1')
      .send({ name: 'Sabah', mediaItems: [{ media: mediaId, duration: 10 }] }).expect(201);
    const { events: [event], total } = await events(owner);
    expect(total).toBe(1);
    expect(event).toMatchObject({
      actor: { type: 'user', id: owner.id, name: 'Test Kullanıcı' },
      action: 'playlist.create',
      target: { type: 'playlist', id: created.body._id, name: 'Sabah' },
      changes: { name: [null, 'Sabah'], items: [null, ['Afiş (10 sn)']] },
      userAgent: 'Testci/1.0', requestId: 'req-audit-1',
    } satisfies Partial<TAuditEvent>);
    expect(event!.ip).toBeTruthy();

    await t.http.put(`/api/playlists/${created.body._id}`).set(owner.auth).send({ name: 'Öğle', mediaItems: [{ media: mediaId, duration: 10 }] }).expect(200);
    const [update] = (await events(owner)).events;
    // Only what changed: the items stayed the same.
    expect(update).toMatchObject({ action: 'playlist.update', changes: { name: ['Sabah', 'Öğle'] } });
    expect(Object.keys(update!.changes)).toEqual(['name']);
  });

  it('a save that changes nothing writes no event', async () => {
    const playlist = await t.http.post('/api/playlists').set(owner.auth).send({ name: 'Aynı', mediaItems: [{ media: mediaId, duration: 7 }] }).expect(201);
    await t.http.put('/api/settings').set(owner.auth).send({ barHeight: 64 }).expect(200);
    const before = (await events(owner)).total;
    await t.http.put(`/api/playlists/${playlist.body._id}`).set(owner.auth).send({ name: 'Aynı', mediaItems: [{ media: mediaId, duration: 7 }] }).expect(200);
    await t.http.put('/api/settings').set(owner.auth).send({ barHeight: 64 }).expect(200);
    expect((await events(owner)).total).toBe(before);
    // A real change still does.
    await t.http.put('/api/settings').set(owner.auth).send({ barHeight: 65 }).expect(200);
    const [changed] = (await events(owner)).events;
    expect(changed).toMatchObject({ action: 'settings.display', changes: { barHeight: [64, 65] } });
  });

  it('an event keeps big integers exact and drops secrets at every level', async () => {
    await t.ctx.db.$transaction((tx) => audit(tx, {
      account: owner.id, action: 'settings.display', target: { type: 'settings', id: owner.id, name: 'Deneme' },
      changes: { config: [null, { sizeBytes: 9007199254740993n, list: [{ at: new Date('2026-01-02T03:04:05Z'), apiToken: 'gizli' }], inner: { password: 'p', clientSecret: 's', name: 'Açık' } }] },
    }));
    const [event] = (await events(owner, '?action=settings.display&targetId=' + owner.id)).events;
    expect(event!.changes).toEqual({ config: [null, { sizeBytes: '9007199254740993', list: [{ at: '2026-01-02T03:04:05.000Z' }], inner: { name: 'Açık' } }] });
    expect((await verify(owner)).ok).toBe(true);
  });

  it('a refused change writes no event', async () => {
    const before = (await events(owner)).total;
    const viewer = await newMember(t, owner.id, 'viewer');
    await t.http.post('/api/playlists').set(viewer.auth).send({ name: 'X', mediaItems: [{ media: mediaId, duration: 5 }] }).expect(403);
    await t.http.post('/api/playlists').set(owner.auth).send({ name: '', mediaItems: [] }).expect(400);
    await t.http.delete('/api/playlists/6f1c1a36-4c1e-4b8e-9d55-0a7f3f2f1b14').set(owner.auth).expect(404);
    expect((await events(owner)).total).toBe(before);
  });

  it('an event written in a transaction that rolls back is gone with it', async () => {
    const before = (await events(owner)).total;
    await expect(t.ctx.db.$transaction(async (tx) => {
      await tx.playlist.create({ data: { ownerId: owner.id, name: 'Geri alınacak' } });
      await audit(tx, { account: owner.id, action: 'playlist.create', target: { type: 'playlist', id: null, name: 'Geri alınacak' } });
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    expect((await events(owner)).total).toBe(before);
    expect(await t.ctx.db.playlist.count({ where: { name: 'Geri alınacak' } })).toBe(0);
  });

  it('filters by action, target and actor, pages newest first', async () => {
    const editor = await newMember(t, owner.id, 'editor');
    await t.http.post('/api/playlists').set(editor.auth).send({ name: 'Editörün', mediaItems: [{ media: mediaId, duration: 5 }] }).expect(201);
    const byEditor = await events(owner, `?actor=${editor.id}`);
    expect(byEditor.events.map((e) => [e.actor.id, e.target.name])).toEqual([[editor.id, 'Editörün']]);
    expect((await events(owner, '?action=playlist.')).events.every((e) => e.action.startsWith('playlist.'))).toBe(true);
    expect((await events(owner, '?action=playlist.update')).total).toBe(1);
    expect((await events(owner, '?from=2000-01-01&to=2000-01-02')).total).toBe(0);
    const bad = await t.http.get('/api/audit?from=dün').set(owner.auth);
    expect([bad.status, bad.body.message]).toEqual([400, 'Başlangıç tarihi YYYY-AA-GG biçiminde olmalıdır']);
    // Days the calendar lacks pass the pattern and were an invalid Date, a 500.
    for (const [query, message] of [
      ['?from=2026-02-30', 'Geçersiz başlangıç tarihi: takvimde böyle bir gün yok'],
      ['?to=2026-13-01', 'Geçersiz bitiş tarihi: takvimde böyle bir gün yok'],
      ['?from=2026-04-31&format=csv', 'Geçersiz başlangıç tarihi: takvimde böyle bir gün yok'],
      ['?from=0000-01-01', 'Tarih 1970 ile 9999 yılları arasında olmalıdır'],
    ]) {
      const res = await t.http.get(`/api/audit${query}`).set(owner.auth);
      expect([res.status, res.body.message], query).toEqual([400, message]);
    }
    const platform = await t.http.get('/api/audit/platform?to=2025-02-29').set((await newAdmin(t)).auth);
    expect([platform.status, platform.body.message]).toEqual([400, 'Geçersiz bitiş tarihi: takvimde böyle bir gün yok']);
  });

  it("an action filter's % and _ are letters, not wildcards", async () => {
    expect((await events(owner, '?action=playlist.')).total).toBeGreaterThan(0);
    for (const action of ['%.', '_%', 'playlist_', 'p%.', '%', '%25.']) {
      expect((await events(owner, `?action=${encodeURIComponent(action)}`)).total, action).toBe(0);
    }
    expect((await events(owner, `?action=${encodeURIComponent('playlist_create')}`)).total).toBe(0);
  });

  it('is read by admins of the whole account only', async () => {
    for (const role of ['editor', 'publisher'] as const) {
      const res = await t.http.get('/api/audit').set((await newMember(t, owner.id, role)).auth);
      expect(res.status).toBe(403);
    }
    await events(await newMember(t, owner.id, 'admin'));
    const group = await makeGroup(t, owner.id, 'Şube');
    const limited = await t.http.get('/api/audit').set((await newMember(t, owner.id, 'admin', [group.id])).auth);
    expect([limited.status, limited.body.message]).toEqual([403, 'Etkinlik geçmişini yalnızca tüm ekranlara erişen yöneticiler görebilir']);
    // Another account's history is not this one's.
    expect((await events(await newCustomer(t))).total).toBe(0);
    // Platform administrators read the platform's chain, not accounts'.
    expect((await t.http.get('/api/audit/platform').set((await newAdmin(t)).auth)).status).toBe(200);
    expect((await t.http.get('/api/audit/platform').set(owner.auth)).status).toBe(403);
  });

  it('CSV cells that Excel would read as formulas stay text', async () => {
    await t.http.post('/api/playlists').set(owner.auth).send({ name: '=HYPERLINK("http://x";"y")', mediaItems: [{ media: mediaId, duration: 5 }] }).expect(201);
    const res = await t.http.get('/api/audit?format=csv&action=playlist.create').set(owner.auth).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.text.startsWith('\uFEFFZaman;')).toBe(true);
    expect(res.text).toContain(`;"'=HYPERLINK(""http://x"";""y"")";`);
    expect(res.text).not.toMatch(/;=HYPERLINK/);
  });

  it('the CSV holds every event the filters select, past any page or batch: years of a busy account', async () => {
    const busy = await newCustomer(t);
    const count = 50_001; // past the 50,000 the export used to stop at, without a word
    await t.ctx.db.$executeRaw`
      INSERT INTO audit_events (id, chain, seq, at, "actorType", "actorName", action, "targetType", "targetName", changes, "prevHash", hash)
      SELECT gen_random_uuid()::text, ${busy.id}, g, now(), 'user', 'Ayşe', 'playlist.update', 'playlist', 'P' || g, '{}'::jsonb, '', ''
      FROM generate_series(1, ${count}::int) g`;
    const res = await t.http.get('/api/audit?format=csv').set(busy.auth).buffer(true).expect(200);
    const targets = res.text.trimEnd().split('\r\n').slice(1).map((line) => line.split(';')[6]);
    expect(targets).toHaveLength(count);
    expect(new Set(targets).size).toBe(count);
    expect([targets[0], targets[CSV_BATCH - 1], targets[CSV_BATCH], targets.at(-1)]).toEqual([`P${count}`, `P${count - CSV_BATCH + 1}`, `P${count - CSV_BATCH}`, 'P1']);
  }, 120_000); // 50,001 rows written and read on a shared machine

  it('the chain check is whole when an event is appended during its walk', async () => {
    const busy = await newCustomer(t);
    const m = await makeMedia(t, busy.id);
    for (const name of ['A', 'B']) await t.http.post('/api/playlists').set(busy.auth).send({ name, mediaItems: [{ media: m.id, duration: 5 }] }).expect(201);
    // The real database, with one change appended right after the walk read its first batch.
    let appended = false;
    const appendOnce = async () => {
      if (appended) return;
      appended = true;
      await t.ctx.db.$transaction((tx) => audit(tx, { account: busy.id, action: 'playlist.update', target: { type: 'playlist', id: null, name: 'Araya giren' } }));
    };
    const withFindMany = <T extends object>(client: T): T => new Proxy(client, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === 'auditEvent') {
          return new Proxy(value as object, {
            get(events, name, r) {
              const fn = Reflect.get(events, name, r);
              if (name !== 'findMany') return fn;
              return async (...args: unknown[]) => { const rows = await (fn as (...a: unknown[]) => Promise<unknown>).apply(events, args); await appendOnce(); return rows; };
            },
          });
        }
        if (prop === '$transaction') {
          return (fn: unknown, opts: unknown) => typeof fn === 'function'
            ? (value as (f: unknown, o: unknown) => Promise<unknown>).call(target, (tx: object) => (fn as (t: object) => unknown)(withFindMany(tx)), opts)
            : (value as (f: unknown, o: unknown) => Promise<unknown>).call(target, fn, opts);
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect(await verifyChain(withFindMany(t.ctx.db) as Db, busy.id)).toEqual({ ok: true, checked: 2, brokenAt: null });
    expect(appended).toBe(true);
    expect(await verify(busy)).toEqual({ ok: true, checked: 3, brokenAt: null });
  });

  it('cannot be changed or deleted through the database without disabling its trigger', async () => {
    await expect(t.ctx.db.$executeRawUnsafe(`UPDATE audit_events SET "actorName" = 'Başkası' WHERE chain = $1`, owner.id)).rejects.toThrow(/cannot be changed/);
    await expect(t.ctx.db.$executeRawUnsafe('DELETE FROM audit_events WHERE chain = $1', owner.id)).rejects.toThrow(/cannot be changed/);
    // TRUNCATE fires no row trigger: a statement trigger refuses it, on the heads too.
    await expect(t.ctx.db.$executeRawUnsafe('TRUNCATE audit_events')).rejects.toThrow(/cannot be changed/);
    await expect(t.ctx.db.$executeRawUnsafe('TRUNCATE audit_heads')).rejects.toThrow(/cannot be changed/);
    await expect(t.ctx.db.$executeRawUnsafe('TRUNCATE audit_events, audit_heads')).rejects.toThrow(/cannot be changed/);
    await expect(t.ctx.db.$executeRawUnsafe('DELETE FROM audit_heads WHERE chain = $1', owner.id)).rejects.toThrow(/cannot be changed/);
    // A head moves one event forward at a time: not back (hiding deleted newest events), not ahead, not elsewhere.
    const head = await t.ctx.db.auditHead.findUniqueOrThrow({ where: { chain: owner.id } });
    expect(head.seq).toBeGreaterThan(1);
    for (const [sql, ...values] of [
      ['UPDATE audit_heads SET seq = seq - 1 WHERE chain = $1', owner.id],
      ['UPDATE audit_heads SET seq = seq + 2 WHERE chain = $1', owner.id],
      ['UPDATE audit_heads SET hash = $2 WHERE chain = $1', owner.id, 'f'.repeat(64)],
      ['UPDATE audit_heads SET chain = $2, seq = seq + 1 WHERE chain = $1', owner.id, 'elsewhere'],
      ['INSERT INTO audit_heads (chain, seq, hash) VALUES ($1, 5, $2)', 'invented', 'f'.repeat(64)],
    ] as [string, ...unknown[]][]) {
      await expect(t.ctx.db.$executeRawUnsafe(sql, ...values), sql).rejects.toThrow(/audit chain/);
    }
    expect(await t.ctx.db.auditHead.findUniqueOrThrow({ where: { chain: owner.id } })).toEqual(head);
    expect(await t.ctx.db.auditEvent.count({ where: { chain: owner.id } })).toBe(head.seq);
    expect(await t.ctx.db.auditHead.count({ where: { chain: { in: ['elsewhere', 'invented'] } } })).toBe(0);
  });

  it('the chain check finds an edited event, a deleted one and a deleted newest one', async () => {
    const other = await newCustomer(t);
    const media = await makeMedia(t, other.id);
    for (const name of ['A', 'B', 'C', 'D']) {
      await t.http.post('/api/playlists').set(other.auth).send({ name, mediaItems: [{ media: media.id, duration: 5 }] }).expect(201);
    }
    expect(await verify(other)).toEqual({ ok: true, checked: 4, brokenAt: null });
    const rows = await t.ctx.db.auditEvent.findMany({ where: { chain: other.id }, orderBy: { seq: 'asc' } });

    await tamper(`UPDATE audit_events SET changes = '{"name":[null,"Z"]}' WHERE id = $1`, rows[1]!.id);
    expect(await verify(other)).toEqual({ ok: false, checked: 1, brokenAt: rows[1]!.id });
    await tamper('UPDATE audit_events SET changes = $2::jsonb WHERE id = $1', rows[1]!.id, JSON.stringify(rows[1]!.changes));
    expect(await verify(other)).toEqual({ ok: true, checked: 4, brokenAt: null });

    await tamper('DELETE FROM audit_events WHERE id = $1', rows[2]!.id);
    expect(await verify(other)).toEqual({ ok: false, checked: 2, brokenAt: rows[3]!.id });

    const newest = await newCustomer(t);
    const m = await makeMedia(t, newest.id);
    for (const name of ['A', 'B']) await t.http.post('/api/playlists').set(newest.auth).send({ name, mediaItems: [{ media: m.id, duration: 5 }] }).expect(201);
    const last = await t.ctx.db.auditEvent.findFirstOrThrow({ where: { chain: newest.id }, orderBy: { seq: 'desc' } });
    await tamper('DELETE FROM audit_events WHERE id = $1', last.id);
    expect((await verify(newest)).ok).toBe(false);
    // The first account's chain was never touched.
    expect((await verify(owner)).ok).toBe(true);
  });
});
