import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYS_BATCH_MAX, ZPlaysReport } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, newMember, type TestApp } from '../../../test/harness.js';
import { customerWithDevice, deviceFor, newMedia, play } from '../../../test/plays.fixtures.js';
import { rollUpPlays } from './plays-rollup.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const upload = (auth: Record<string, string>, plays: unknown[]) => t.http.post('/api/devices/plays').set(auth).send({ plays });
const report = (auth: Record<string, string>, query: Record<string, string>) => t.http.get('/api/reports/plays').set(auth).query(query);
const storedFor = (ownerId: string) => t.ctx.db.playRecord.count({ where: { ownerId } });

describe('POST /api/devices/plays', () => {
  it('stores a batch and is idempotent on the record id (same batch twice, overlapping batches, repeats inside one)', async () => {
    const c = await customerWithDevice(t);
    const batch = [1, 2, 3].map(() => play(c.screen.id, c.media.id));
    expect((await upload(c.device.auth, batch).expect(200)).body).toEqual({ accepted: 3, duplicates: 0 });
    expect((await upload(c.device.auth, batch).expect(200)).body).toEqual({ accepted: 0, duplicates: 3 });
    const later = [play(c.screen.id, c.media.id), play(c.screen.id, c.media.id)];
    expect((await upload(c.device.auth, [batch[2], ...later, later[0]]).expect(200)).body).toEqual({ accepted: 2, duplicates: 2 });
    expect(await storedFor(c.id)).toBe(5);

    const stored = await t.ctx.db.playRecord.findUniqueOrThrow({ where: { id: batch[0]!.id } });
    expect(stored).toMatchObject({
      ownerId: c.id, screenId: c.screen.id, mediaId: c.media.id, playlistId: null, scheduleId: null,
      startedAt: new Date('2026-03-10T09:15:00.000Z'), durationMs: 10_000, outcome: 'completed',
    });
    const res = await report(c.auth, { from: '2026-03-10', to: '2026-03-10' }).expect(200);
    expect(res.body.total).toEqual({ plays: 5, seconds: 50 });
  });

  it('keeps playlist and schedule ids and accepts a media deleted since the play', async () => {
    const c = await customerWithDevice(t);
    const gone = randomUUID();
    const p = play(c.screen.id, gone, { playlistId: randomUUID(), scheduleId: randomUUID(), outcome: 'cut', durationMs: 4_200 });
    expect((await upload(c.device.auth, [p]).expect(200)).body).toEqual({ accepted: 1, duplicates: 0 });
    expect(await t.ctx.db.playRecord.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({
      mediaId: gone, playlistId: p.playlistId, scheduleId: p.scheduleId, outcome: 'cut', durationMs: 4_200,
    });
  });

  it("refuses the whole batch when a record names a screen the device never served, even the owner's own, and writes nothing", async () => {
    const c = await customerWithDevice(t);
    const second = await t.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Kasa' } });
    const other = await customerWithDevice(t);
    for (const screenId of [second.id, other.screen.id, randomUUID()]) {
      const res = await upload(c.device.auth, [play(c.screen.id, c.media.id), play(screenId, c.media.id)]);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Oynatma kayıtları yalnızca cihazın gösterdiği ekranlar için gönderilebilir', code: 'FORBIDDEN' });
    }
    expect(await storedFor(c.id)).toBe(0);
    expect(await t.ctx.db.playRollupQueue.count({ where: { ownerId: c.id } })).toBe(0);
  });

  it('refuses a revoked device and user tokens', async () => {
    const c = await customerWithDevice(t);
    await t.ctx.db.device.update({ where: { id: c.device.id }, data: { revokedAt: new Date() } });
    expect((await upload(c.device.auth, [play(c.screen.id, c.media.id)])).status).toBe(401);
    expect((await upload(c.auth, [play(c.screen.id, c.media.id)])).status).toBe(401);
    expect(await storedFor(c.id)).toBe(0);
  });

  it("refuses the whole batch when a media is another customer's (404, as everywhere)", async () => {
    const c = await customerWithDevice(t);
    const other = await customerWithDevice(t);
    const res = await upload(c.device.auth, [play(c.screen.id, c.media.id), play(c.screen.id, other.media.id)]);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Medya bulunamadı');
    expect(await storedFor(c.id)).toBe(0);
  });

  it("never overwrites or reveals a record id another customer's screen stored", async () => {
    const a = await customerWithDevice(t);
    const b = await customerWithDevice(t);
    const taken = play(a.screen.id, a.media.id);
    await upload(a.device.auth, [taken]).expect(200);
    const copy = { ...taken, screenId: b.screen.id, mediaId: b.media.id, durationMs: 99_000 };
    expect((await upload(b.device.auth, [copy]).expect(200)).body).toEqual({ accepted: 0, duplicates: 1 });
    expect(await t.ctx.db.playRecord.findUniqueOrThrow({ where: { id: taken.id } })).toMatchObject({ ownerId: a.id, screenId: a.screen.id, durationMs: 10_000 });
    expect((await report(b.auth, { from: '2026-03-10', to: '2026-03-10' })).body.total).toEqual({ plays: 0, seconds: 0 });
    expect((await report(a.auth, { from: '2026-03-10', to: '2026-03-10' })).body.total).toEqual({ plays: 1, seconds: 10 });
  });

  it('validates the batch with Turkish messages and writes nothing', async () => {
    const c = await customerWithDevice(t);
    const cases: [unknown, string][] = [
      [{ plays: [] }, 'En az bir oynatma kaydı gönderilmelidir'],
      [{}, 'Geçersiz oynatma kayıtları'],
      [{ plays: [{ ...play(c.screen.id, c.media.id), id: 'abc' }] }, 'Geçersiz kayıt kimliği'],
      [{ plays: [{ ...play(c.screen.id, c.media.id), durationMs: -1 }] }, 'Geçersiz süre'],
      [{ plays: [{ ...play(c.screen.id, c.media.id), startedAt: 'dün' }] }, 'Geçersiz başlangıç zamanı'],
      [{ plays: [{ ...play(c.screen.id, c.media.id), outcome: 'ok' }] }, 'Geçersiz oynatma sonucu'],
      [{ plays: Array.from({ length: PLAYS_BATCH_MAX + 1 }, () => play(c.screen.id, c.media.id)) }, `Bir seferde en fazla ${PLAYS_BATCH_MAX} kayıt gönderilebilir`],
    ];
    for (const [body, message] of cases) {
      const res = await t.http.post('/api/devices/plays').set(c.device.auth).send(body as object);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await storedFor(c.id)).toBe(0);
  });

  it(`takes the largest batch (${PLAYS_BATCH_MAX} records with every field) in one request`, async () => {
    const c = await customerWithDevice(t);
    const batch = Array.from({ length: PLAYS_BATCH_MAX }, () => play(c.screen.id, c.media.id, { playlistId: randomUUID(), scheduleId: randomUUID() }));
    expect((await upload(c.device.auth, batch).expect(200)).body).toEqual({ accepted: PLAYS_BATCH_MAX, duplicates: 0 });
  });

  it('stores a failed play but does not count it in reports', async () => {
    const c = await customerWithDevice(t);
    await upload(c.device.auth, [play(c.screen.id, c.media.id, { outcome: 'failed', durationMs: 0 }), play(c.screen.id, c.media.id)]).expect(200);
    expect(await storedFor(c.id)).toBe(2);
    expect((await report(c.auth, { from: '2026-03-10', to: '2026-03-10' })).body.total).toEqual({ plays: 1, seconds: 10 });
  });
});

describe('GET /api/reports/plays', () => {
  /** Two screens (one in group 'Kat 1'), two media; plays across a day boundary in Istanbul (UTC+3). */
  async function seeded() {
    const c = await customerWithDevice(t);
    const second = await deviceFor(t, c, 'Kasa');
    const poster = await newMedia(t, c.id, 'Afiş');
    const group = await t.ctx.db.screenGroup.create({ data: { ownerId: c.id, name: 'Kat 1', members: { create: [{ screenId: c.screen.id }] } } });
    await upload(c.device.auth, [
      play(c.screen.id, c.media.id, { startedAt: '2026-03-10T20:30:00Z' }), // 23:30 Istanbul, 10 March
      play(c.screen.id, c.media.id, { startedAt: '2026-03-10T21:10:00Z' }), // 00:10 Istanbul, 11 March
      play(c.screen.id, poster.id, { startedAt: '2026-03-11T08:00:00+03:00', durationMs: 5_500 }),
    ]).expect(200);
    await upload(second.device.auth, [
      play(second.screen.id, second.media.id, { startedAt: '2026-03-11T09:00:00Z' }),
      play(second.screen.id, poster.id, { startedAt: '2026-03-11T09:00:10Z' }),
      play(second.screen.id, poster.id, { startedAt: '2026-03-11T09:00:20Z' }),
    ]).expect(200);
    return { c, second, poster, group };
  }
  const period = { from: '2026-03-10', to: '2026-03-11' };

  it('groups by media, screen, group, day and hour, with current names, before and after the rollup', async () => {
    const { c, second, poster, group } = await seeded();
    for (const phase of ['queued', 'rolled up']) {
      const get = async (q: Record<string, string>) => ZPlaysReport.parse((await report(c.auth, { ...period, ...q }).expect(200)).body);
      const media = await get({ by: 'media' });
      expect(media.rows, phase).toEqual([
        { key: poster.id, name: 'Afiş', plays: 3, seconds: 25.5 },
        { key: c.media.id, name: 'Kampanya', plays: 2, seconds: 20 },
        { key: second.media.id, name: 'Kampanya', plays: 1, seconds: 10 },
      ]);
      expect(media).toMatchObject({ from: '2026-03-10', to: '2026-03-11', tz: 'Europe/Istanbul', by: 'media', total: { plays: 6, seconds: 55.5 } });
      // Equal plays: the longer airtime first.
      expect((await get({ by: 'screen' })).rows).toEqual([
        { key: second.screen.id, name: 'Kasa', plays: 3, seconds: 30 },
        { key: c.screen.id, name: 'Giriş', plays: 3, seconds: 25.5 },
      ]);
      const groups = await get({ by: 'group' });
      expect(groups.rows).toEqual([{ key: group.id, name: 'Kat 1', plays: 3, seconds: 25.5 }]);
      expect(groups.total).toEqual({ plays: 6, seconds: 55.5 });
      expect((await get({ by: 'day' })).rows).toEqual([
        { key: '2026-03-10', name: '10.03.2026', plays: 1, seconds: 10 },
        { key: '2026-03-11', name: '11.03.2026', plays: 5, seconds: 45.5 },
      ]);
      expect((await get({ by: 'day', tz: 'UTC' })).rows).toEqual([
        { key: '2026-03-10', name: '10.03.2026', plays: 2, seconds: 20 },
        { key: '2026-03-11', name: '11.03.2026', plays: 4, seconds: 35.5 },
      ]);
      expect((await get({ by: 'hour' })).rows).toEqual([
        { key: '2026-03-10 23:00', name: '10.03.2026 23:00', plays: 1, seconds: 10 },
        { key: '2026-03-11 00:00', name: '11.03.2026 00:00', plays: 1, seconds: 10 },
        { key: '2026-03-11 08:00', name: '11.03.2026 08:00', plays: 1, seconds: 5.5 },
        { key: '2026-03-11 12:00', name: '11.03.2026 12:00', plays: 3, seconds: 30 },
      ]);
      // Period ends are whole days on the report's clock.
      expect((await get({ from: '2026-03-10', to: '2026-03-10' })).total).toEqual({ plays: 1, seconds: 10 });
      expect((await get({ from: '2026-03-10', to: '2026-03-10', tz: 'UTC' })).total).toEqual({ plays: 2, seconds: 20 });
      await rollUpPlays(t.ctx.db);
    }
  });

  it('filters by screen, group and media', async () => {
    const { c, second, poster, group } = await seeded();
    const total = async (q: Record<string, string>) => (await report(c.auth, { ...period, ...q }).expect(200)).body.total;
    expect(await total({ screen: second.screen.id })).toEqual({ plays: 3, seconds: 30 });
    expect(await total({ group: group.id, by: 'media' })).toEqual({ plays: 3, seconds: 25.5 });
    expect(await total({ media: poster.id, by: 'day' })).toEqual({ plays: 3, seconds: 25.5 });
    expect(await total({ media: poster.id, screen: c.screen.id })).toEqual({ plays: 1, seconds: 5.5 });
  });

  it("names deleted media and screens and still counts their plays", async () => {
    const { c, second } = await seeded();
    await rollUpPlays(t.ctx.db);
    await t.ctx.db.screen.delete({ where: { id: second.screen.id } });
    await t.ctx.db.media.delete({ where: { id: c.media.id } });
    const screens = (await report(c.auth, { ...period, by: 'screen' }).expect(200)).body.rows;
    expect(screens).toContainEqual({ key: second.screen.id, name: 'Silinmiş ekran', plays: 3, seconds: 30 });
    const media = (await report(c.auth, { ...period, by: 'media' }).expect(200)).body;
    expect(media.rows).toContainEqual({ key: c.media.id, name: 'Silinmiş medya', plays: 2, seconds: 20 });
    expect(media.total).toEqual({ plays: 6, seconds: 55.5 });
  });

  it("shows only the customer's own plays, refuses other customers' filters (404) and admins (403)", async () => {
    const { c, group } = await seeded();
    const other = await newCustomer(t);
    expect((await report(other.auth, period).expect(200)).body).toMatchObject({ rows: [], total: { plays: 0, seconds: 0 } });
    for (const [q, message] of [
      [{ screen: c.screen.id }, 'Ekran bulunamadı'],
      [{ group: group.id }, 'Ekran grubu bulunamadı'],
      [{ media: c.media.id }, 'Medya bulunamadı'],
    ] as const) {
      const res = await report(other.auth, { ...period, ...q });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(message);
    }
    const admin = await newAdmin(t);
    expect((await report(admin.auth, period)).status).toBe(403);
    expect((await t.http.get('/api/reports/plays')).status).toBe(401);
  });

  it("a member of the account reads the account's report, not their own account's", async () => {
    const { c } = await seeded();
    const viewer = await newMember(t, c.id, 'viewer');
    const asOwner = ZPlaysReport.parse((await report(c.auth, period).expect(200)).body);
    const asViewer = ZPlaysReport.parse((await report(viewer.auth, period).expect(200)).body);
    expect(asViewer.total).toEqual(asOwner.total);
    expect(asViewer.total.plays).toBe(6);
  });

  it("a member limited to a group counts only its screens' plays and may not filter by others", async () => {
    const { c, second, group } = await seeded();
    const limited = await newMember(t, c.id, 'viewer', [group.id]);
    const own = ZPlaysReport.parse((await report(limited.auth, { ...period, by: 'screen' }).expect(200)).body);
    expect(own.rows.map((r) => r.key)).toEqual([c.screen.id]);
    expect(own.total.plays).toBe(3);
    expect(ZPlaysReport.parse((await report(limited.auth, period).expect(200)).body).total.plays).toBe(3);
    const res = await report(limited.auth, { ...period, screen: second.screen.id });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: 'Ekran bulunamadı' });
  });

  it('validates the period, the zone and the grouping in Turkish', async () => {
    const c = await newCustomer(t);
    const cases: [Record<string, string>, string][] = [
      [{ from: '10.03.2026' }, 'Başlangıç tarihi YYYY-AA-GG biçiminde olmalıdır'],
      [{ to: '2026-3-1' }, 'Bitiş tarihi YYYY-AA-GG biçiminde olmalıdır'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'Geçersiz başlangıç tarihi'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'Bitiş tarihi başlangıç tarihinden önce olamaz'],
      [{ from: '2025-01-01', to: '2026-02-05' }, 'Rapor dönemi en fazla 400 gün olabilir'],
      [{ tz: 'Mars/Olympus' }, 'Geçersiz saat dilimi (ör. Europe/Istanbul)'],
      [{ tz: '+03:00' }, 'Geçersiz saat dilimi (ör. Europe/Istanbul)'],
      [{ by: 'week' }, 'Geçersiz gruplama'],
      [{ format: 'xlsx' }, 'Geçersiz biçim'],
    ];
    for (const [q, message] of cases) {
      const res = await report(c.auth, q);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // 400 days, both ends included, is allowed; the default is the last 7 days.
    await report(c.auth, { from: '2025-01-01', to: '2026-02-04' }).expect(200);
    const byDefault = (await report(c.auth, { tz: 'europe/istanbul' }).expect(200)).body;
    expect(byDefault.tz).toBe('Europe/Istanbul');
    expect((Date.parse(byDefault.to) - Date.parse(byDefault.from)) / 86_400_000).toBe(6);
  });

  it('answers CSV for Turkish Excel: BOM, semicolons, Turkish header, total line, formula-safe cells', async () => {
    const { c, second, poster } = await seeded();
    await t.ctx.db.media.update({ where: { id: poster.id }, data: { name: '=HYPERLINK("x";"Tıkla")' } });
    await t.ctx.db.media.update({ where: { id: c.media.id }, data: { name: 'Şubat; İndirim' } });
    const res = await report(c.auth, { ...period, format: 'csv' }).responseType('blob').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pano-rapor-2026-03-10-2026-03-11.csv"');
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.toString('utf8').slice(1).split('\r\n')).toEqual([
      'Medya Kimliği;Medya;Oynatma;Süre (sn)',
      `${poster.id};"'=HYPERLINK(""x"";""Tıkla"")";3;25,5`,
      `${c.media.id};"Şubat; İndirim";2;20`,
      `${second.media.id};Kampanya;1;10`,
      ';Toplam;6;55,5',
      '',
    ]);
    const days = await report(c.auth, { ...period, by: 'day', format: 'csv' }).expect(200);
    expect(days.text.slice(1).split('\r\n').slice(0, 2)).toEqual(['Gün;Tarih;Oynatma;Süre (sn)', '2026-03-10;10.03.2026;1;10']);
  });
});
