import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZAssignedUsage, ZSchedule, ZScreenConfig, ZScreenNow } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import type { Db } from '../../db/client.js';
import { buildScreenConfigs } from '../../realtime/screen-config-reader.fixtures.js';
import { ScreenConfigCache } from '../screens/screen-config-cache.js';
import {
  makeGroup, makeLayout, makeMedia, makePlaylist, makeSchedule, makeScreen, makeTicker, recordingNotifier,
} from '../screens/content.fixtures.js';

// docs/architecture/scheduling.md#layouts-in-schedules: a schedule entry may name a layout instead of a playlist.
let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const ref = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
const opts = (now = new Date()) => ({ publicBaseUrl: 'https://pano.example', now });
const config = async (id: string, o: Parameters<typeof buildScreenConfigs>[2] = opts()) =>
  ZScreenConfig.parse((await buildScreenConfigs(t.ctx.db, [id], o)).get(id));

/** A customer: a lobby playlist on screens A and B (B through group 'Kafeterya'), a menu layout with a zone playlist and a ticker. */
async function world(u?: TestUser) {
  const user = u ?? await newCustomer(t, { maxScreens: 5 });
  const m = await makeMedia(t, user.id, 'image', 'Afiş');
  const zm = await makeMedia(t, user.id, 'video', 'Menü videosu');
  const lobby = await makePlaylist(t, user.id, [{ mediaId: m.id }], 'Lobi');
  const menu = await makePlaylist(t, user.id, [{ mediaId: zm.id, duration: 12 }], 'Menü');
  const ticker = await makeTicker(t, user.id, ['Afiyet olsun'], 2, 'Bant');
  const l = await makeLayout(t, user.id, [
    { name: 'Ana', width: 100, height: 85, playlistId: menu.id },
    { name: 'Bant', y: 85, height: 15, tickerPlaylistId: ticker.id },
  ], 'Öğle Panosu');
  const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((name) => makeScreen(t, user.id, { name, currentPlaylistId: lobby.id })));
  const cafe = await makeGroup(t, user.id, 'Kafeterya', [b!.id]);
  return { user, m, zm, lobby, menu, ticker, l, a: a!, b: b!, c: c!, cafe };
}
type World = Awaited<ReturnType<typeof world>>;

const body = (w: World, extra: Record<string, unknown> = {}) => ({
  name: 'Öğle panosu', layout: w.l.id, screens: [w.a.id], groups: [w.cafe.id], days: [1, 2, 3, 4, 5, 6, 7],
  startTime: '12:00', endTime: '14:00', ...extra,
});
const post = (u: TestUser, b: object) => t.http.post('/api/schedules').set(u.auth).send(b);
const put = (u: TestUser, id: string, b: object) => t.http.put(`/api/schedules/${id}`).set(u.auth).send(b);
const rows = (u: TestUser) => t.ctx.db.schedule.findMany({ where: { ownerId: u.id }, select: { playlistId: true, layoutId: true, tickerPlaylistId: true } });

describe('schedule entries naming a layout', () => {
  it('creates one with a layout (no playlist), lists it, pushes every screen it reaches once; PUT switches to a playlist and back', async () => {
    const w = await world();
    const res = await post(w.user, body(w));
    expect(res.status).toBe(201);
    const s = ZSchedule.parse(res.body);
    expect(s).toMatchObject({ playlist: null, layout: ref(w.l), directionPlaylist: null, screens: [ref(w.a)], groups: [ref(w.cafe)] });
    expect(notifier.calls).toEqual([[w.a.id, w.b.id].sort()]);
    expect((await t.http.get('/api/schedules').set(w.user.auth)).body).toEqual([res.body]);

    notifier.reset();
    const toPlaylist = await put(w.user, s._id, body(w, { layout: undefined, playlist: w.menu.id, directionPlaylist: w.ticker.id }));
    expect(toPlaylist.status).toBe(200);
    expect(toPlaylist.body).toMatchObject({ playlist: ref(w.menu), layout: null, directionPlaylist: ref(w.ticker) });
    const back = await put(w.user, s._id, body(w, { playlist: null }));
    expect(back.body).toMatchObject({ playlist: null, layout: ref(w.l), directionPlaylist: null });
    expect(await rows(w.user)).toEqual([{ playlistId: null, layoutId: w.l.id, tickerPlaylistId: null }]);
    expect(notifier.calls).toEqual([[w.a.id, w.b.id].sort(), [w.a.id, w.b.id].sort()]);
  });

  it.each([
    [{ playlist: 'PLAYLIST' }, 'playlist', 'Lütfen bir playlist ya da bir yerleşim seçiniz'],
    [{ layout: undefined }, 'playlist', 'Lütfen bir playlist ya da bir yerleşim seçiniz'],
    [{ layout: null, playlist: null }, 'playlist', 'Lütfen bir playlist ya da bir yerleşim seçiniz'],
    [{ layout: 'abc' }, 'layout', 'Geçersiz kimlik'],
    [{ directionPlaylist: 'TICKER' }, 'directionPlaylist', 'Yerleşim seçildiğinde reji playlisti seçilemez: yerleşimin bölgeleri kendi rejilerini gösterir'],
  ])('refuses %j with 400 in Turkish under its field; nothing written or changed', async (change, field, message) => {
    const w = await world();
    const fill = (v: unknown) => (v === 'PLAYLIST' ? w.menu.id : v === 'TICKER' ? w.ticker.id : v);
    const sent = body(w, Object.fromEntries(Object.entries(change).map(([k, v]) => [k, fill(v)])));
    const res = await post(w.user, sent);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message, details: [{ path: field, message }] });
    expect(await rows(w.user)).toEqual([]);
    const kept = await makeSchedule(t, w.user.id, { playlistId: w.lobby.id, screenIds: [w.a.id] });
    notifier.reset();
    expect((await put(w.user, kept.id, sent)).status).toBe(400);
    expect(await rows(w.user)).toEqual([{ playlistId: w.lobby.id, layoutId: null, tickerPlaylistId: null }]);
    expect(notifier.calls).toEqual([]);
  });

  it('another customer\'s (or a missing) layout is 404 on create and update; nothing changed, nobody pushed', async () => {
    const w = await world();
    const other = await world();
    const kept = await makeSchedule(t, w.user.id, { playlistId: w.lobby.id, screenIds: [w.a.id] });
    notifier.reset();
    for (const layout of [other.l.id, randomUUID()]) {
      expect((await post(w.user, body(w, { layout }))).body).toEqual({ code: 'NOT_FOUND', message: 'Yerleşim bulunamadı' });
      const res = await put(w.user, kept.id, body(w, { layout }));
      expect([res.status, res.body.message]).toEqual([404, 'Yerleşim bulunamadı']);
    }
    expect(await rows(w.user)).toEqual([{ playlistId: w.lobby.id, layoutId: null, tickerPlaylistId: null }]);
    expect(notifier.calls).toEqual([]);
  });

  it('a customer\'s whole account still goes at once, layouts named by its entries included', async () => {
    const w = await world();
    await makeSchedule(t, w.user.id, { layoutId: w.l.id, screenIds: [w.a.id] });
    await t.ctx.db.account.delete({ where: { id: w.user.id } });
    expect(await t.ctx.db.layout.count({ where: { id: w.l.id } })).toBe(0);
  });
});

describe('deleting a layout a schedule entry names', () => {
  it('409s naming the entries, the usage lists them, nothing is deleted; free, it goes', async () => {
    const w = await world();
    const s1 = await makeSchedule(t, w.user.id, { name: 'Öğle', layoutId: w.l.id, screenIds: [w.a.id] });
    await makeSchedule(t, w.user.id, { name: 'Akşam', layoutId: w.l.id, screenIds: [w.c.id] });
    const usage = await t.http.get(`/api/layouts/${w.l.id}/usage`).set(w.user.auth);
    expect(ZAssignedUsage.parse(usage.body).schedules.map((s) => s.name)).toEqual(['Akşam', 'Öğle']);
    const refused = await t.http.delete(`/api/layouts/${w.l.id}`).set(w.user.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Bu yerleşim şu zamanlamalarda kullanılıyor: Akşam, Öğle. Silmeden önce bu zamanlamaları değiştirin veya silin.',
    );
    expect(await t.ctx.db.layout.count({ where: { id: w.l.id } })).toBe(1);
    expect(notifier.calls).toEqual([]);

    await t.ctx.db.schedule.deleteMany({ where: { ownerId: w.user.id } });
    expect((await t.http.delete(`/api/layouts/${w.l.id}`).set(w.user.auth)).status).toBe(200);
    expect(await t.ctx.db.schedule.count({ where: { id: s1.id } })).toBe(0);
  });
});

describe('the config and /now of a screen whose schedule shows a layout', () => {
  it('ships the entry apart with the layout resolved, every zone\'s playlist and ticker in full; old-shape entries untouched', async () => {
    const w = await world();
    const entry = await makeSchedule(t, w.user.id, { layoutId: w.l.id, screenIds: [w.a.id] });
    const lunch = await makeSchedule(t, w.user.id, { playlistId: w.lobby.id, screenIds: [w.a.id] });
    const c = await config(w.a.id);
    expect(c.schedule.entries.map((e) => e.id)).toEqual([lunch.id]);
    expect(c.schedule.layoutEntries).toEqual([expect.objectContaining({
      id: entry.id, playlistId: null, layoutId: w.l.id, tickerPlaylistId: null, startTime: '12:00', endTime: '14:00',
    })]);
    expect(c.schedule.layouts).toEqual([{
      _id: w.l.id, name: 'Öğle Panosu', orientation: 'landscape', background: '#000000',
      zones: [
        expect.objectContaining({
          name: 'Ana', playlist: {
            _id: w.menu.id, name: 'Menü',
            mediaItems: [{ media: expect.objectContaining({ _id: w.zm.id, url: `https://pano.example/uploads/${w.zm.fileName}` }), duration: 12 }],
          }, directionPlaylist: null,
        }),
        expect.objectContaining({ name: 'Bant', playlist: null, directionPlaylist: { _id: w.ticker.id, name: 'Bant', speed: 2, directions: [{ text: 'Afiyet olsun' }] } }),
      ],
    }]);
    // The screen not reached carries no layout entries at all (its config is as before).
    expect((await config(w.c.id)).schedule).not.toHaveProperty('layoutEntries');
  });

  it('/now names the entry\'s layout while it holds, then the screen\'s own playlist', async () => {
    const w = await world();
    const entry = await makeSchedule(t, w.user.id, { layoutId: w.l.id, groupIds: [w.cafe.id] });
    // Monday 23 November 2026, Istanbul (UTC+3): the entry holds 12:00-14:00.
    const noon = await t.http.get(`/api/screens/${w.b.id}/now`).query({ at: '2026-11-23T09:30:00Z' }).set(w.user.auth);
    expect(ZScreenNow.parse(noon.body)).toEqual({
      playlist: null, directionPlaylist: null, layout: ref(w.l), source: 'schedule', scheduleId: entry.id, until: '2026-11-23T11:00:00.000Z',
    });
    const later = await t.http.get(`/api/screens/${w.b.id}/now`).query({ at: '2026-11-23T11:00:00Z' }).set(w.user.auth);
    expect(later.body).toMatchObject({ playlist: ref(w.lobby), layout: null, source: 'default', scheduleId: null });
    const all = await t.http.get('/api/screens/now').query({ at: '2026-11-23T09:30:00Z' }).set(w.user.auth);
    expect(all.body.find((n: { screenId: string }) => n.screenId === w.b.id)).toMatchObject({ layout: ref(w.l) });
  });

  it('costs the same queries as a config without scheduled layouts: their layouts and zones come in the same round', async () => {
    const ops: string[] = [];
    const counting = t.ctx.db.$extends({
      query: {
        $allOperations({ model, operation, args, query }) {
          ops.push(`${model}.${operation}`);
          return query(args);
        },
      },
    }) as unknown as Db;
    const w = await world();
    // Empty lists skip their query: the plain config has a ticker too, so both read every table.
    await makeSchedule(t, w.user.id, { playlistId: w.lobby.id, tickerPlaylistId: w.ticker.id, screenIds: [w.a.id, w.c.id] });
    await buildScreenConfigs(counting, [w.c.id], opts());
    const plain = ops.splice(0).sort();
    await makeSchedule(t, w.user.id, { layoutId: w.l.id, screenIds: [w.a.id] });
    const built = await buildScreenConfigs(counting, [w.a.id], opts());
    expect(built.get(w.a.id)!.schedule.layouts).toHaveLength(1);
    expect(ops.sort()).toEqual(plain);
  });

  it('another customer\'s layout slipped into an entry is never shipped', async () => {
    const w = await world();
    const other = await world();
    await makeSchedule(t, w.user.id, { layoutId: other.l.id, screenIds: [w.a.id] });
    const c = await config(w.a.id);
    expect(c.schedule).not.toHaveProperty('layoutEntries');
    expect(JSON.stringify(c)).not.toContain(other.l.id);
  });

  it('the shared-content memo never serves an older scheduled layout', async () => {
    const w = await world();
    await makeSchedule(t, w.user.id, { layoutId: w.l.id, screenIds: [w.a.id] });
    const cache = new ScreenConfigCache(60_000, () => Date.now());
    const withMemo = () => ({ ...opts(), memo: cache.contentMemo(cache.stamp) });
    expect((await config(w.a.id, withMemo())).schedule.layouts![0]!.zones).toHaveLength(2);
    // An edit nobody announced (no invalidation): the scheduled layout's change time keys the memo.
    await t.ctx.db.layoutZone.deleteMany({ where: { layoutId: w.l.id, position: { gt: 0 } } });
    await t.ctx.db.layout.update({ where: { id: w.l.id }, data: { name: 'Yeni Pano' } });
    const after = await config(w.a.id, withMemo());
    expect([after.schedule.layouts![0]!.name, after.schedule.layouts![0]!.zones.length]).toEqual(['Yeni Pano', 1]);
    expect(after).toEqual(await config(w.a.id));
  });
});

describe('pushes when a scheduled layout changes', () => {
  /** Screen A shows the layout itself and is scheduled to; B is reached through its group; C only plays the zone playlist. */
  async function pushWorld() {
    const w = await world();
    await t.ctx.db.screen.update({ where: { id: w.a.id }, data: { currentLayoutId: w.l.id, currentPlaylistId: null } });
    await makeSchedule(t, w.user.id, { layoutId: w.l.id, screenIds: [w.a.id], groupIds: [w.cafe.id] });
    await t.ctx.db.screen.update({ where: { id: w.c.id }, data: { currentPlaylistId: w.menu.id } });
    notifier.reset();
    return w;
  }

  it('editing the layout pushes each screen showing or scheduled to show it once', async () => {
    const w = await pushWorld();
    expect((await t.http.put(`/api/layouts/${w.l.id}`).set(w.user.auth).send({ name: 'Yeni' })).status).toBe(200);
    expect(notifier.calls).toEqual([[w.a.id, w.b.id].sort()]);
  });

  it('editing a zone\'s playlist or ticker pushes the scheduled screens too, once each', async () => {
    const w = await pushWorld();
    const res = await t.http.put(`/api/playlists/${w.menu.id}`).set(w.user.auth).send({ name: 'Menü', mediaItems: [{ media: w.zm.id, duration: 9 }] });
    expect(res.status).toBe(200);
    expect(notifier.calls).toEqual([[w.a.id, w.b.id, w.c.id].sort()]);
    notifier.reset();
    expect((await t.http.put(`/api/direction-playlists/${w.ticker.id}`).set(w.user.auth).send({ speed: 5 })).status).toBe(200);
    expect(notifier.calls).toEqual([[w.a.id, w.b.id].sort()]);
  });

  it('editing media in a zone\'s playlist pushes the scheduled screens too, once each', async () => {
    const w = await pushWorld();
    expect((await t.http.put(`/api/media/${w.zm.id}`).set(w.user.auth).send({ name: 'Yeni video' })).status).toBe(200);
    expect(notifier.calls).toEqual([[w.a.id, w.b.id, w.c.id].sort()]);
  });
});
