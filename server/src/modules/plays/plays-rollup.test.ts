import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { customerWithDevice, play } from '../../../test/plays.fixtures.js';
import { deleteOldPlays, rollUpPlays } from './plays-rollup.js';

let t: TestApp;
let now = new Date('2026-06-01T12:00:00Z');
beforeAll(async () => { t = await createTestApp({ clock: () => now }); });
afterAll(async () => { await t.close(); });

const upload = (auth: Record<string, string>, plays: unknown[]) => t.http.post('/api/devices/plays').set(auth).send({ plays }).expect(200);
const hourly = (ownerId: string) => t.ctx.db.playHourly.findMany({
  where: { ownerId }, orderBy: [{ hour: 'asc' }, { mediaId: 'asc' }], select: { screenId: true, mediaId: true, hour: true, plays: true, durationMs: true },
});
const hourlyMedia = (ownerId: string) => t.ctx.db.playHourlyMedia.findMany({
  where: { ownerId }, orderBy: [{ hour: 'asc' }, { mediaId: 'asc' }], select: { mediaId: true, hour: true, plays: true, durationMs: true },
});
const reportTotal = async (auth: Record<string, string>, q: Record<string, string> = {}) =>
  (await t.http.get('/api/reports/plays').set(auth).query({ from: '2026-03-01', to: '2026-03-31', tz: 'UTC', ...q }).expect(200)).body.total;

describe('plays rollup job', () => {
  it('adds queued plays to the hourly rollups once, however often it runs, and a late play to its old hour', async () => {
    const c = await customerWithDevice(t);
    await upload(c.device.auth, [
      play(c.screen.id, c.media.id, { startedAt: '2026-03-10T09:00:00Z' }),
      // Ends at the last millisecond of the hour: a screen's plays follow each other.
      play(c.screen.id, c.media.id, { startedAt: '2026-03-10T09:59:57.499Z', durationMs: 2_500 }),
      play(c.screen.id, c.media.id, { startedAt: '2026-03-10T10:00:00Z' }),
    ]);
    await rollUpPlays(t.ctx.db);
    const expected = [
      { screenId: c.screen.id, mediaId: c.media.id, hour: new Date('2026-03-10T09:00:00Z'), plays: 2, durationMs: 12_500n },
      { screenId: c.screen.id, mediaId: c.media.id, hour: new Date('2026-03-10T10:00:00Z'), plays: 1, durationMs: 10_000n },
    ];
    expect(await hourly(c.id)).toEqual(expected);
    expect(await t.ctx.db.playRollupQueue.count({ where: { ownerId: c.id } })).toBe(0);

    await rollUpPlays(t.ctx.db);
    expect(await hourly(c.id)).toEqual(expected);

    // A day offline: a play from an hour already rolled up arrives now.
    const late = play(c.screen.id, c.media.id, { startedAt: '2026-03-10T09:30:00Z', durationMs: 1_000 });
    await upload(c.device.auth, [late]);
    await upload(c.device.auth, [late]);
    await rollUpPlays(t.ctx.db);
    await rollUpPlays(t.ctx.db);
    expect((await hourly(c.id))[0]).toMatchObject({ plays: 3, durationMs: 13_500n });
    expect(await hourlyMedia(c.id)).toEqual([
      { mediaId: c.media.id, hour: new Date('2026-03-10T09:00:00Z'), plays: 3, durationMs: 13_500n },
      { mediaId: c.media.id, hour: new Date('2026-03-10T10:00:00Z'), plays: 1, durationMs: 10_000n },
    ]);
    expect(await t.ctx.db.playHourlyTotal.findMany({ where: { ownerId: c.id }, orderBy: { hour: 'asc' }, select: { hour: true, plays: true, durationMs: true } })).toEqual([
      { hour: new Date('2026-03-10T09:00:00Z'), plays: 3, durationMs: 13_500n },
      { hour: new Date('2026-03-10T10:00:00Z'), plays: 1, durationMs: 10_000n },
    ]);
    expect(await t.ctx.db.playDailyMedia.findMany({ where: { ownerId: c.id }, select: { mediaId: true, day: true, plays: true, durationMs: true } })).toEqual([
      { mediaId: c.media.id, day: new Date('2026-03-10T00:00:00Z'), plays: 4, durationMs: 23_500n },
    ]);
  });

  it('counts every play exactly once when runs overlap, and the report equals the raw records', async () => {
    const c = await customerWithDevice(t);
    const plays = Array.from({ length: 300 }, (_, i) => play(c.screen.id, c.media.id, {
      // Every 120th play falls on the same minute: 20 s apart, so none overlaps another.
      startedAt: new Date(Date.UTC(2026, 2, 1 + (i % 20), i % 24, i % 60, 20 * Math.floor(i / 120))).toISOString(),
      durationMs: 1_000 + i,
      outcome: i % 10 === 0 ? 'failed' : i % 7 === 0 ? 'cut' : 'completed',
    }));
    await upload(c.device.auth, plays.slice(0, 200));
    const queued = await reportTotal(c.auth);
    // Half rolled up by overlapping small batches while the rest arrives.
    await Promise.all([rollUpPlays(t.ctx.db, 7), rollUpPlays(t.ctx.db, 11), upload(c.device.auth, plays.slice(150))]);
    const midway = await reportTotal(c.auth);
    await rollUpPlays(t.ctx.db);
    const rolled = await reportTotal(c.auth);

    const [raw] = await t.ctx.db.$queryRaw<{ plays: number; ms: number }[]>`
      SELECT count(*)::int AS plays, sum("durationMs")::int AS ms FROM play_records WHERE "ownerId" = ${c.id} AND outcome <> 'failed'`;
    expect(raw!.plays).toBe(plays.filter((p) => p.outcome !== 'failed').length);
    expect(rolled).toEqual({ plays: raw!.plays, seconds: raw!.ms / 1000 });
    expect(midway).toEqual(rolled);
    expect(queued.plays).toBe(plays.slice(0, 200).filter((p) => p.outcome !== 'failed').length);
    const sums = await t.ctx.db.playHourly.aggregate({ where: { ownerId: c.id }, _sum: { plays: true, durationMs: true } });
    expect(sums._sum).toEqual({ plays: raw!.plays, durationMs: BigInt(raw!.ms) });

    // Grouped reports agree with the raw records too.
    const byDay = (await t.http.get('/api/reports/plays').set(c.auth).query({ from: '2026-03-01', to: '2026-03-31', tz: 'UTC', by: 'day' })).body.rows;
    const rawByDay = await t.ctx.db.$queryRaw<{ key: string; plays: number }[]>`
      SELECT to_char("startedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS key, count(*)::int AS plays FROM play_records
      WHERE "ownerId" = ${c.id} AND outcome <> 'failed' GROUP BY 1 ORDER BY 1`;
    expect(byDay.map((r: { key: string; plays: number }) => ({ key: r.key, plays: r.plays }))).toEqual(rawByDay);

    // A period on Istanbul's clock: whole UTC days from the daily rollup, its ends from the hourly one.
    for (const by of ['media', 'day', 'hour', 'screen'] as const) {
      const res = await t.http.get('/api/reports/plays').set(c.auth).query({ from: '2026-03-05', to: '2026-03-12', by }).expect(200);
      const [want] = await t.ctx.db.$queryRaw<{ plays: number; ms: number }[]>`
        SELECT count(*)::int AS plays, COALESCE(sum("durationMs"), 0)::int AS ms FROM play_records
        WHERE "ownerId" = ${c.id} AND outcome <> 'failed'
          AND "startedAt" >= '2026-03-05T00:00:00+03:00' AND "startedAt" < '2026-03-13T00:00:00+03:00'`;
      expect(res.body.total, by).toEqual({ plays: want!.plays, seconds: want!.ms / 1000 });
      expect(res.body.rows.reduce((n: number, r: { plays: number }) => n + r.plays, 0), by).toBe(want!.plays);
    }
  });

  it('retention deletes records past PLAYS_RETENTION_DAYS and rollups past 800 days, rolling up what was still queued', async () => {
    const c = await customerWithDevice(t);
    now = new Date('2026-06-01T12:00:00Z');
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
    // The device has served its screen for 500 days; a play of 401 days ago was sent back then.
    await t.ctx.db.deviceScreenSpan.updateMany({ where: { deviceId: c.device.id }, data: { fromAt: new Date(days(500)) } });
    const old = play(c.screen.id, c.media.id, { startedAt: days(401) });
    now = new Date(Date.parse(days(401)) + 3_600_000);
    await upload(c.device.auth, [old]);
    now = new Date('2026-06-01T12:00:00Z');
    await upload(c.device.auth, [play(c.screen.id, c.media.id, { startedAt: days(10) })]);
    await t.ctx.db.playHourly.create({ data: { ownerId: c.id, screenId: c.screen.id, mediaId: c.media.id, hour: new Date(days(801)), plays: 5, durationMs: 50_000n } });
    await t.ctx.db.playHourly.create({ data: { ownerId: c.id, screenId: c.screen.id, mediaId: c.media.id, hour: new Date(days(799)), plays: 4, durationMs: 40_000n } });

    // What only serves to accept plays: the day of the cutoff (days(400), at 12:00 UTC) can still
    // take plays; a span that ended within the clock slack (5 min) before it can still accept one.
    const other = await t.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Arka kapı' } });
    await t.ctx.db.playScreenDay.create({ data: { ownerId: c.id, screenId: c.screen.id, day: new Date('2025-04-27T00:00:00Z'), ms: 1_000n, granted: 1_000n } });
    await t.ctx.db.playScreenDayTotal.create({ data: { ownerId: c.id, screenId: c.screen.id, day: new Date('2025-04-27T00:00:00Z'), ms: 1_000n, granted: 1_000n } });
    const span = (screenId: string, from: number, to: number) => ({ deviceId: c.device.id, screenId, fromAt: new Date(days(from)), toAt: new Date(days(to)) });
    const minutes = (n: number) => n / 1_440;
    await t.ctx.db.deviceScreenSpan.createMany({ data: [
      span(other.id, 450, 402), span('ekran-silindi', 402, 400 + minutes(6)), span('ekran-sinirda', 402, 400 + minutes(4)),
    ] });

    await deleteOldPlays(t.ctx);
    const records = await t.ctx.db.playRecord.findMany({ where: { ownerId: c.id }, select: { startedAt: true } });
    expect(records.map((r) => r.startedAt.toISOString())).toEqual([days(10)]);
    const hours = (await hourly(c.id)).map((h) => [h.hour.toISOString(), h.plays]);
    expect(hours).toEqual([
      [new Date(days(799)).toISOString(), 4],
      [new Date(Math.floor(Date.parse(days(401)) / 3_600_000) * 3_600_000).toISOString(), 1],
      [new Date(Math.floor(Date.parse(days(10)) / 3_600_000) * 3_600_000).toISOString(), 1],
    ]);
    expect(await t.ctx.db.playRollupQueue.count({ where: { ownerId: c.id } })).toBe(0);
    const screenDays = await t.ctx.db.playScreenDay.findMany({ where: { ownerId: c.id }, orderBy: { day: 'asc' }, select: { day: true } });
    expect(screenDays.map((d) => d.day.toISOString().slice(0, 10))).toEqual(['2025-04-27', days(10).slice(0, 10)]);
    // The screens' totals over all their zones go by the same rule.
    const screenTotals = await t.ctx.db.playScreenDayTotal.findMany({ where: { ownerId: c.id }, orderBy: { day: 'asc' }, select: { day: true } });
    expect(screenTotals.map((d) => d.day.toISOString().slice(0, 10))).toEqual(['2025-04-27', days(10).slice(0, 10)]);
    const spans = await t.ctx.db.deviceScreenSpan.findMany({ where: { deviceId: c.device.id }, select: { screenId: true, toAt: true } });
    expect(spans.map((s) => s.screenId).sort()).toEqual([c.screen.id, 'ekran-sinirda'].sort());

    // A batch mixing a play of a screen whose span is gone (too old, refused alone) with a good
    // one keeps the good one: deleting spans refuses nothing that was accepted before.
    const stale = play(other.id, c.media.id, { startedAt: days(401) });
    const fresh = play(c.screen.id, c.media.id, { startedAt: days(5) });
    const res = await upload(c.device.auth, [stale, fresh]);
    expect(res.body).toEqual({ accepted: 1, duplicates: 0, refused: [{ id: stale.id, message: 'Oynatma kaydı saklama süresinden (400 gün) daha eski' }] });
  });

  it("keeps an account's plays until the account is deleted, then deletes them with it", async () => {
    const c = await customerWithDevice(t);
    await upload(c.device.auth, [play(c.screen.id, c.media.id), play(c.screen.id, c.media.id, { startedAt: '2026-03-10T11:00:00Z' })]);
    await rollUpPlays(t.ctx.db);
    await upload(c.device.auth, [play(c.screen.id, c.media.id)]);
    await t.ctx.db.screen.delete({ where: { id: c.screen.id } });
    await t.ctx.db.media.delete({ where: { id: c.media.id } });
    expect(await t.ctx.db.playRecord.count({ where: { ownerId: c.id } })).toBe(3);
    await t.ctx.db.account.delete({ where: { id: c.id } });
    for (const count of [
      t.ctx.db.playRecord.count({ where: { ownerId: c.id } }),
      t.ctx.db.playRollupQueue.count({ where: { ownerId: c.id } }),
      t.ctx.db.playHourly.count({ where: { ownerId: c.id } }),
      t.ctx.db.playHourlyMedia.count({ where: { ownerId: c.id } }),
    ]) expect(await count).toBe(0);
  });
});
