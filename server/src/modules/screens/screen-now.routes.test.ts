import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZScreenNow, ZScreensNow, resolveAt } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeGroup, makeMedia, makePlaylist, makeSchedule, makeScreen, makeTicker } from './content.fixtures.js';
import { buildScreenConfigs } from '../../realtime/screen-config-reader.fixtures.js';

// docs/PRODUCT.md#what-plays-now: what a screen plays at an instant and until when, from the
// resolution function over the same data its config carries.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const now = (u: TestUser, screenId: string, at?: string) =>
  t.http.get(`/api/screens/${screenId}/now`).query(at === undefined ? {} : { at }).set(u.auth);
const ref = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });

/**
 * Istanbul (UTC+3 all year). Lunch 12:00-14:00 on weekdays on screen A directly and on group
 * 'Gece' members through the group; 'Gece' 22:00-02:00 every day on screen N (New York).
 */
async function world() {
  const u = await newCustomer(t, { maxScreens: 5 });
  const media = await makeMedia(t, u.id);
  const lobby = await makePlaylist(t, u.id, [{ mediaId: media.id }], 'Lobi');
  const lunch = await makePlaylist(t, u.id, [{ mediaId: media.id }], 'Öğle Menüsü');
  const night = await makePlaylist(t, u.id, [{ mediaId: media.id }], 'Gece');
  const ticker = await makeTicker(t, u.id, ['Hoş geldiniz'], 3, 'Duyuru');
  const lunchTicker = await makeTicker(t, u.id, ['Afiyet olsun'], 3, 'Menü yazısı');
  const a = await makeScreen(t, u.id, { name: 'A', currentPlaylistId: lobby.id, currentTickerPlaylistId: ticker.id });
  const g = await makeScreen(t, u.id, { name: 'G', currentPlaylistId: lobby.id });
  const n = await makeScreen(t, u.id, { name: 'N' });
  await t.ctx.db.screen.update({ where: { id: n.id }, data: { timezone: 'America/New_York' } });
  const bare = await makeScreen(t, u.id, { name: 'Z' });
  const kat = await makeGroup(t, u.id, 'Kat 1', [g.id]);
  const lunchEntry = await makeSchedule(t, u.id, { playlistId: lunch.id, tickerPlaylistId: lunchTicker.id, screenIds: [a.id], groupIds: [kat.id] });
  await t.ctx.db.schedule.update({ where: { id: lunchEntry.id }, data: { days: [1, 2, 3, 4, 5] } });
  const nightEntry = await makeSchedule(t, u.id, { playlistId: night.id, screenIds: [a.id, n.id] });
  await t.ctx.db.schedule.update({ where: { id: nightEntry.id }, data: { startTime: '22:00', endTime: '02:00' } });
  return { u, lobby, lunch, night, ticker, lunchTicker, a, g, n, bare, lunchEntry, nightEntry };
}

// Monday 23 November 2026; Istanbul is UTC+3, New York UTC-5.
const MON_NOON_IST = '2026-11-23T09:00:00.000Z';

describe('GET /api/screens/:id/now', () => {
  it('at a window\'s start: the entry, its ticker, until the window\'s end', async () => {
    const w = await world();
    const res = await now(w.u, w.a.id, MON_NOON_IST);
    expect(res.status).toBe(200);
    expect(ZScreenNow.parse(res.body)).toEqual({
      playlist: ref(w.lunch), directionPlaylist: ref(w.lunchTicker), layout: null, source: 'schedule', scheduleId: w.lunchEntry.id,
      until: '2026-11-23T11:00:00.000Z',
    });
  });

  it('1 ms before the start: the default, until the start; at the end: the default again', async () => {
    const w = await world();
    expect((await now(w.u, w.a.id, '2026-11-23T08:59:59.999Z')).body).toEqual({
      playlist: ref(w.lobby), directionPlaylist: ref(w.ticker), layout: null, source: 'default', scheduleId: null, until: MON_NOON_IST,
    });
    expect((await now(w.u, w.a.id, '2026-11-23T11:00:00.000Z')).body).toMatchObject({
      playlist: ref(w.lobby), source: 'default', until: '2026-11-23T19:00:00.000Z', // 22:00 Istanbul
    });
    expect((await now(w.u, w.a.id, '2026-11-23T10:59:59.999Z')).body).toMatchObject({ source: 'schedule', until: '2026-11-23T11:00:00.000Z' });
  });

  it('a window crossing midnight runs into the next day and ends there', async () => {
    const w = await world();
    // Monday 23:30 Istanbul: the window that started at 22:00 holds until Tuesday 02:00.
    expect((await now(w.u, w.a.id, '2026-11-23T20:30:00+00:00')).body).toEqual({
      playlist: ref(w.night), directionPlaylist: ref(w.ticker), layout: null, source: 'schedule', scheduleId: w.nightEntry.id,
      until: '2026-11-23T23:00:00.000Z',
    });
    expect((await now(w.u, w.a.id, '2026-11-23T23:00:00Z')).body).toMatchObject({ source: 'default', scheduleId: null });
  });

  it('honours each screen\'s time zone: one instant, two answers', async () => {
    const w = await world();
    await t.ctx.db.screen.update({ where: { id: w.n.id }, data: { currentPlaylistId: w.lobby.id } });
    await t.ctx.db.schedule.update({ where: { id: w.nightEntry.id }, data: { startTime: '12:00', endTime: '13:00' } });
    // 17:00 UTC: 20:00 in Istanbul (no window), 12:00 in New York (its window starts).
    const at = '2026-11-23T17:00:00Z';
    expect((await now(w.u, w.a.id, at)).body).toMatchObject({ source: 'default', playlist: ref(w.lobby) });
    expect((await now(w.u, w.n.id, at)).body).toMatchObject({
      source: 'schedule', playlist: ref(w.night), until: '2026-11-23T18:00:00.000Z',
    });
  });

  it('a group-targeted entry holds for the group\'s members; no playlist anywhere is \'none\'', async () => {
    const w = await world();
    expect((await now(w.u, w.g.id, MON_NOON_IST)).body).toEqual({
      playlist: ref(w.lunch), directionPlaylist: ref(w.lunchTicker), layout: null, source: 'schedule', scheduleId: w.lunchEntry.id,
      until: '2026-11-23T11:00:00.000Z',
    });
    expect((await now(w.u, w.bare.id, MON_NOON_IST)).body).toEqual({
      playlist: null, directionPlaylist: null, layout: null, source: 'none', scheduleId: null, until: null,
    });
  });

  it('agrees with resolveAt over the config the player gets, at many instants', async () => {
    const w = await world();
    const config = (await buildScreenConfigs(t.ctx.db, [w.a.id], { publicBaseUrl: '', now: new Date(MON_NOON_IST) })).get(w.a.id)!;
    const schedule = {
      timezone: config.schedule.timezone, defaultPlaylistId: config.playlist?._id ?? null,
      defaultTickerPlaylistId: config.directionPlaylist?._id ?? null, entries: config.schedule.entries,
    };
    for (let hour = 0; hour < 48; hour += 5) {
      const at = new Date(Date.parse(MON_NOON_IST) + hour * 3_600_000);
      const expected = resolveAt(schedule, at);
      const body = ZScreenNow.parse((await now(w.u, w.a.id, at.toISOString())).body);
      expect([body.playlist?._id ?? null, body.source, body.scheduleId, body.until])
        .toEqual([expected.playlistId, expected.source, expected.scheduleId, expected.until === null ? null : new Date(expected.until).toISOString()]);
    }
  });

  it('without `at`: now; a bad `at` is 400 in Turkish; another customer\'s screen 404; no token 401', async () => {
    const w = await world();
    const res = await now(w.u, w.bare.id);
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('none');
    for (const at of ['yarın', '2026-11-23', '2026-11-23T12:00:00', '2026-13-40T12:00:00Z']) {
      const bad = await now(w.u, w.a.id, at);
      expect(bad.status, at).toBe(400);
      expect(bad.body).toMatchObject({ message: 'Geçersiz zaman (ör. 2026-11-23T12:00:00Z)' });
    }
    const other = await newCustomer(t);
    expect((await now(other, w.a.id, MON_NOON_IST)).status).toBe(404);
    expect((await now(other, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.http.get(`/api/screens/${w.a.id}/now`)).status).toBe(401);
  });

  it('a package that ended: nothing plays (\'none\'), as the player shows only its notice', async () => {
    const w = await world();
    await t.ctx.db.purchase.updateMany({ where: { userId: w.u.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await now(w.u, w.a.id)).body).toEqual({ playlist: null, directionPlaylist: null, layout: null, source: 'none', scheduleId: null, until: null });
  });
});

describe('GET /api/screens/now', () => {
  it('every screen of the customer, by name, each as its own /now answers', async () => {
    const w = await world();
    const res = await t.http.get('/api/screens/now').query({ at: MON_NOON_IST }).set(w.u.auth);
    expect(res.status).toBe(200);
    const all = ZScreensNow.parse(res.body);
    expect(all.map((x) => x.screenId)).toEqual([w.a.id, w.g.id, w.n.id, w.bare.id]);
    for (const x of all) {
      const { screenId, ...rest } = x;
      expect(rest).toEqual((await now(w.u, screenId, MON_NOON_IST)).body);
    }
    expect((await t.http.get('/api/screens/now').query({ at: 'dün' }).set(w.u.auth)).status).toBe(400);
    expect((await t.http.get('/api/screens/now').set((await newCustomer(t)).auth)).body).toEqual([]);
  });
});
