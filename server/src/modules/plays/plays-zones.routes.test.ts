import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAYOUT_ZONES_MAX, PLAY_ZONE_MAX, ZPlaysReport } from '@pano/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { customerWithDevice, DAY_MS, newMedia, play } from '../../../test/plays.fixtures.js';
import { rollUpPlays } from './plays-rollup.js';

// Plays of layout zones (docs/architecture/plays.md#plays): zones of one screen play side by
// side, so overlap and the day's airtime cap are per zone; reports filter by the zone's name.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const upload = (auth: Record<string, string>, plays: unknown[]) => t.http.post('/api/devices/plays').set(auth).send({ plays });
const report = (auth: Record<string, string>, query: Record<string, string>) => t.http.get('/api/reports/plays').set(auth).query(query);
const at = (ms: number) => new Date(ms).toISOString();
const SCREEN_OVERLAP = 'Oynatma kaydı aynı ekranın başka bir oynatmasıyla çakışıyor';
const ZONE_OVERLAP = 'Oynatma kaydı aynı bölgenin başka bir oynatmasıyla çakışıyor';

describe('POST /api/devices/plays with zones', () => {
  it('accepts plays of two zones of one screen at the same time, refuses an overlap inside one zone, and stores the zone', async () => {
    const c = await customerWithDevice(t);
    const start = '2026-04-02T10:00:00.000Z';
    const main = play(c.screen.id, c.media.id, { zone: 'Ana', startedAt: start, durationMs: 30_000 });
    const side = play(c.screen.id, c.media.id, { zone: 'Yan', startedAt: start, durationMs: 30_000 });
    const mainAgain = play(c.screen.id, c.media.id, { zone: 'Ana', startedAt: '2026-04-02T10:00:10.000Z' });
    const sideNext = play(c.screen.id, c.media.id, { zone: 'Yan', startedAt: '2026-04-02T10:00:30.000Z' });
    const res = await upload(c.device.auth, [main, side, mainAgain, sideNext]).expect(200);
    expect(res.body).toEqual({ accepted: 3, duplicates: 0, refused: [{ id: mainAgain.id, message: ZONE_OVERLAP }] });
    expect(await t.ctx.db.playRecord.findUniqueOrThrow({ where: { id: side.id } })).toMatchObject({ zone: 'Yan', durationMs: 30_000 });

    // Without zones (the full-screen case) an overlap is refused as before, and the zone stays null.
    const full = play(c.screen.id, c.media.id, { startedAt: '2026-04-03T10:00:00.000Z', durationMs: 30_000 });
    const fullAgain = play(c.screen.id, c.media.id, { startedAt: '2026-04-03T10:00:10.000Z' });
    expect((await upload(c.device.auth, [full, fullAgain]).expect(200)).body)
      .toEqual({ accepted: 1, duplicates: 0, refused: [{ id: fullAgain.id, message: SCREEN_OVERLAP }] });
    expect((await t.ctx.db.playRecord.findUniqueOrThrow({ where: { id: full.id } })).zone).toBeNull();
  });

  it('counts at most 24 h of airtime per zone and day: two zones showing all day count two days', async () => {
    const c = await customerWithDevice(t);
    const day = Math.floor(Date.now() / DAY_MS) * DAY_MS - 3 * DAY_MS;
    const dayLong = (zone: string) => play(c.screen.id, c.media.id, { zone, startedAt: at(day), durationMs: DAY_MS });
    await upload(c.device.auth, [dayLong('Ana'), dayLong('Yan')]).expect(200);
    // A second day in a zone that is full is stored as sent but counts nothing.
    await upload(c.device.auth, [dayLong('Ana')]).expect(200);
    expect(await t.ctx.db.playRecord.count({ where: { ownerId: c.id } })).toBe(3);
    const utcDay = at(day).slice(0, 10);
    const total = async (q: Record<string, string> = {}) =>
      (await report(c.auth, { from: utcDay, to: utcDay, tz: 'UTC', ...q }).expect(200)).body.total;
    expect(await total()).toEqual({ plays: 2, seconds: 2 * 86_400 });
    expect(await total({ zone: 'Ana' })).toEqual({ plays: 1, seconds: 86_400 });
  });

  it(`counts at most ${LAYOUT_ZONES_MAX} days a day for a screen's zones together, whatever zone names a device makes up`, async () => {
    const c = await customerWithDevice(t);
    const day = Math.floor(Date.now() / DAY_MS) * DAY_MS - 4 * DAY_MS;
    const made = (n: number) => play(c.screen.id, c.media.id, { zone: `Bölge ${n}`, startedAt: at(day + n), durationMs: DAY_MS - 100 });
    // One zone more than the largest layout has, in one batch, then another, racing, in two.
    await upload(c.device.auth, Array.from({ length: LAYOUT_ZONES_MAX + 1 }, (_, n) => made(n))).expect(200);
    await Promise.all([upload(c.device.auth, [made(20)]).expect(200), upload(c.device.auth, [made(21)]).expect(200)]);
    expect(await t.ctx.db.playRecord.count({ where: { ownerId: c.id } })).toBe(LAYOUT_ZONES_MAX + 3);
    const utcDay = at(day).slice(0, 10);
    const { total } = (await report(c.auth, { from: utcDay, to: utcDay, tz: 'UTC' }).expect(200)).body;
    // The first LAYOUT_ZONES_MAX whole plays, and the tenth zone's (started last) the rest of the cap.
    expect(total).toEqual({ plays: LAYOUT_ZONES_MAX + 1, seconds: LAYOUT_ZONES_MAX * 86_400 });
  });

  it('validates the zone with Turkish messages and writes nothing', async () => {
    const c = await customerWithDevice(t);
    const cases: [unknown, string][] = [
      ['', 'Geçersiz bölge adı'],
      ['   ', 'Geçersiz bölge adı'],
      [42, 'Geçersiz bölge adı'],
      ['x'.repeat(PLAY_ZONE_MAX + 1), `Bölge adı en fazla ${PLAY_ZONE_MAX} karakter olabilir`],
    ];
    for (const [zone, message] of cases) {
      const res = await upload(c.device.auth, [play(c.screen.id, c.media.id), { ...play(c.screen.id, c.media.id), zone }]);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await t.ctx.db.playRecord.count({ where: { ownerId: c.id } })).toBe(0);
  });
});

describe('GET /api/reports/plays by zone', () => {
  const period = { from: '2026-05-04', to: '2026-05-04', tz: 'UTC' };

  /** One screen with a layout ('Ana', 'Yan') and plays before it without one; a second screen with a zone 'Alt'. */
  async function seeded() {
    const c = await customerWithDevice(t);
    const poster = await newMedia(t, c.id, 'Afiş');
    await upload(c.device.auth, [
      play(c.screen.id, c.media.id, { startedAt: '2026-05-04T08:00:00Z' }),
      play(c.screen.id, c.media.id, { zone: 'Ana', startedAt: '2026-05-04T09:00:00Z', durationMs: 20_000 }),
      play(c.screen.id, c.media.id, { zone: 'Ana', startedAt: '2026-05-04T09:00:20Z', durationMs: 20_000 }),
      play(c.screen.id, poster.id, { zone: 'Yan', startedAt: '2026-05-04T09:00:00Z', durationMs: 5_000 }),
      play(c.screen.id, poster.id, { zone: 'Yan', startedAt: '2026-05-05T09:00:00Z', durationMs: 5_000 }), // outside the period
    ]).expect(200);
    return { c, poster };
  }

  it('narrows every grouping to one zone, lists the zones of the period, before and after the rollup', async () => {
    const { c, poster } = await seeded();
    for (const phase of ['queued', 'rolled up']) {
      const get = async (q: Record<string, string>) => ZPlaysReport.parse((await report(c.auth, { ...period, ...q }).expect(200)).body);
      const all = await get({});
      expect(all.total, phase).toEqual({ plays: 4, seconds: 55 });
      expect(all.zones, phase).toEqual(['Ana', 'Yan']);
      const main = await get({ zone: 'Ana' });
      expect(main.rows, phase).toEqual([{ key: c.media.id, name: 'Kampanya', plays: 2, seconds: 40 }]);
      // The list stays whole while one zone is chosen, so the filter can be changed.
      expect(main.zones, phase).toEqual(['Ana', 'Yan']);
      expect((await get({ zone: 'Yan', by: 'screen' })).rows, phase).toEqual([{ key: c.screen.id, name: 'Giriş', plays: 1, seconds: 5 }]);
      expect((await get({ zone: 'Ana', by: 'hour' })).rows, phase).toEqual([{ key: '2026-05-04 09:00', name: '04.05.2026 09:00', plays: 2, seconds: 40 }]);
      expect((await get({ zone: 'Ana', by: 'day', media: poster.id })).total, phase).toEqual({ plays: 0, seconds: 0 });
      expect((await get({ zone: 'Yan', screen: c.screen.id, media: poster.id })).total, phase).toEqual({ plays: 1, seconds: 5 });
      expect((await get({ zone: 'Kenar' })).total, phase).toEqual({ plays: 0, seconds: 0 });
      // Other filters narrow the list: the poster only played in 'Yan'.
      expect((await get({ media: poster.id })).zones, phase).toEqual(['Yan']);
      expect((await get({ media: poster.id, screen: c.screen.id })).zones, phase).toEqual(['Yan']);
      await rollUpPlays(t.ctx.db);
    }
    // A period without zoned plays lists none: the dashboard then shows no zone filter.
    expect((await report(c.auth, { from: '2026-05-03', to: '2026-05-03' }).expect(200)).body.zones).toEqual([]);
  });

  it("never counts or lists another customer's zones, even of the same name", async () => {
    const { c } = await seeded();
    const other = await customerWithDevice(t);
    await upload(other.device.auth, [play(other.screen.id, other.media.id, { zone: 'Ana', startedAt: '2026-05-04T09:00:00Z' }),
      play(other.screen.id, other.media.id, { zone: 'Gizli', startedAt: '2026-05-04T09:00:00Z' })]).expect(200);
    for (const phase of ['queued', 'rolled up']) {
      const mine = (await report(c.auth, { ...period, zone: 'Ana' }).expect(200)).body;
      expect(mine.total, phase).toEqual({ plays: 2, seconds: 40 });
      expect(mine.zones, phase).toEqual(['Ana', 'Yan']);
      const theirs = (await report(other.auth, { ...period, zone: 'Ana', by: 'screen' }).expect(200)).body;
      expect(theirs.rows, phase).toEqual([{ key: other.screen.id, name: 'Giriş', plays: 1, seconds: 10 }]);
      expect(theirs.zones, phase).toEqual(['Ana', 'Gizli']);
      await rollUpPlays(t.ctx.db);
    }
  });

  it('refuses a bad zone filter in Turkish and keeps the CSV columns, narrowed to the zone', async () => {
    const { c } = await seeded();
    const res = await report(c.auth, { ...period, zone: 'x'.repeat(PLAY_ZONE_MAX + 1) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Bölge adı en fazla ${PLAY_ZONE_MAX} karakter olabilir`);
    const csv = await report(c.auth, { ...period, zone: 'Ana', format: 'csv' }).expect(200);
    expect(csv.text.slice(1).split('\r\n')).toEqual([
      'Medya Kimliği;Medya;Oynatma;Süre (sn)',
      `${c.media.id};Kampanya;2;40`,
      ';Toplam;2;40',
      '',
    ]);
  });
});
