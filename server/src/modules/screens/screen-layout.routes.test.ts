import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZScreen, ZScreenConfig, ZScreenNow } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { buildScreenConfigs } from '../../realtime/screen-config-reader.fixtures.js';
import { ScreenConfigCache } from './screen-config-cache.js';
import { makeLayout, makeMedia, makePlaylist, makeSchedule, makeScreen, makeTicker, recordingNotifier } from './content.fixtures.js';

// docs/PRODUCT.md#layouts: a screen shows a layout instead of its playlist, and may be turned.
let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => notifier.reset());

const ref = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
const row = (id: string) => t.ctx.db.screen.findUniqueOrThrow({
  where: { id }, select: { currentPlaylistId: true, currentTickerPlaylistId: true, currentLayoutId: true, rotation: true },
});
const put = (u: TestUser, screenId: string, body: object) => t.http.put(`/api/screens/${screenId}`).set(u.auth).send(body);
const opts = (now = new Date()) => ({ publicBaseUrl: 'https://pano.example', now });
const config = async (id: string, o: Parameters<typeof buildScreenConfigs>[2] = opts()) =>
  ZScreenConfig.parse((await buildScreenConfigs(t.ctx.db, [id], o)).get(id));

/** A customer with a video and an image playlist, a ticker, a two-zone layout and a screen playing the playlist. */
async function world() {
  const u = await newCustomer(t);
  const video = await makeMedia(t, u.id, 'video', 'Tanıtım');
  const image = await makeMedia(t, u.id, 'image', 'Menü');
  const p = await makePlaylist(t, u.id, [{ mediaId: video.id, duration: 30 }], 'Lobi');
  const side = await makePlaylist(t, u.id, [{ mediaId: image.id, duration: 7 }], 'Yan');
  const d = await makeTicker(t, u.id, ['Hoş geldiniz'], 4, 'Duyuru');
  const l = await makeLayout(t, u.id, [
    { name: 'Ana', width: 75, height: 85, z: 1, playlistId: p.id },
    { name: 'Yan', x: 75, width: 25, height: 85, playlistId: side.id },
    { name: 'Bant', y: 85, height: 15, tickerPlaylistId: d.id },
  ], 'Vitrin');
  const s = await makeScreen(t, u.id, { name: 'Giriş', currentPlaylistId: p.id, currentTickerPlaylistId: d.id });
  return { u, video, image, p, side, d, l, s };
}

describe('PUT /api/screens/:id with a layout', () => {
  it('assigning a layout replaces the playlist, keeps the ticker stored, and pushes that screen once', async () => {
    const w = await world();
    const res = await put(w.u, w.s.id, { currentLayout: w.l.id, rotation: 90 });
    expect(res.status).toBe(200);
    const body = ZScreen.parse(res.body);
    expect([body.currentLayout, body.currentPlaylist, body.rotation]).toEqual([ref(w.l), null, 90]);
    expect(await row(w.s.id)).toEqual({ currentPlaylistId: null, currentTickerPlaylistId: w.d.id, currentLayoutId: w.l.id, rotation: 90 });
    expect(notifier.calls).toEqual([[w.s.id]]);

    // A playlist replaces the layout again; the rotation stays.
    const back = await put(w.u, w.s.id, { currentPlaylist: { _id: w.side.id } });
    expect([back.body.currentLayout, back.body.currentPlaylist, back.body.rotation]).toEqual([null, ref(w.side), 90]);
    expect((await t.http.get('/api/screens').set(w.u.auth)).body[0]).toMatchObject({ currentLayout: null, rotation: 90 });

    await put(w.u, w.s.id, { currentLayout: w.l.id });
    const cleared = await put(w.u, w.s.id, { currentLayout: null });
    expect(await row(w.s.id)).toMatchObject({ currentPlaylistId: null, currentLayoutId: null });
    expect(cleared.body.currentLayout).toBeNull();
  });

  it.each([
    [{ rotation: 45 }, 'Döndürme 0, 90, 180 ya da 270 derece olmalıdır'],
    [{ rotation: '90' }, 'Döndürme 0, 90, 180 ya da 270 derece olmalıdır'],
    [{ currentLayout: 'abc' }, undefined],
    [{ currentPlaylist: 'PLAYLIST', currentLayout: 'LAYOUT' }, 'Bir ekran aynı anda ya bir playlist ya da bir yerleşim gösterir'],
  ])('rejects %j with a Turkish 400 and changes nothing', async (raw, message) => {
    const w = await world();
    const body = JSON.parse(JSON.stringify(raw).replace('PLAYLIST', w.side.id).replace('LAYOUT', w.l.id)) as object;
    const res = await put(w.u, w.s.id, body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    expect(await row(w.s.id)).toEqual({ currentPlaylistId: w.p.id, currentTickerPlaylistId: w.d.id, currentLayoutId: null, rotation: 0 });
    expect(notifier.calls).toEqual([]);
  });

  it('another customer\'s (or a missing) layout is 404 "Yerleşim bulunamadı"; nothing changes, nobody is pushed', async () => {
    const w = await world();
    const other = await newCustomer(t);
    const theirs = await makeLayout(t, other.id, [{}], 'Onların');
    for (const id of [theirs.id, randomUUID()]) {
      const res = await put(w.u, w.s.id, { currentLayout: id });
      expect([res.status, res.body.message]).toEqual([404, 'Yerleşim bulunamadı']);
    }
    // Their screen cannot be given my layout either.
    const theirScreen = await makeScreen(t, other.id);
    expect((await put(w.u, theirScreen.id, { currentLayout: w.l.id })).status).toBe(404);
    expect(await row(w.s.id)).toEqual({ currentPlaylistId: w.p.id, currentTickerPlaylistId: w.d.id, currentLayoutId: null, rotation: 0 });
    expect((await row(theirScreen.id)).currentLayoutId).toBeNull();
    expect(notifier.calls).toEqual([]);
  });
});

describe('the config of a screen showing a layout', () => {
  it('carries every zone with its rectangle and its playlist or ticker resolved; no playlist or ticker bar of its own', async () => {
    const w = await world();
    await put(w.u, w.s.id, { currentLayout: w.l.id, rotation: 270 });
    const c = await config(w.s.id);
    expect([c.playlist, c.directionPlaylist, c.rotation]).toEqual([null, null, 270]);
    expect(c.layout).toMatchObject({ _id: w.l.id, name: 'Vitrin', orientation: 'landscape', background: '#000000' });
    expect(c.layout!.zones.map((z) => [z.name, z.x, z.y, z.width, z.height, z.z, z.fit])).toEqual([
      ['Ana', 0, 0, 75, 85, 1, 'cover'], ['Yan', 75, 0, 25, 85, 0, 'cover'], ['Bant', 0, 85, 100, 15, 0, 'cover'],
    ]);
    const [main, side, band] = c.layout!.zones;
    // The same resolved shape as a screen's own playlist.
    expect(main!.playlist).toEqual({
      _id: w.p.id, name: 'Lobi',
      mediaItems: [{ duration: 30, media: expect.objectContaining({ _id: w.video.id, type: 'video', url: `https://pano.example/uploads/${w.video.fileName}` }) }],
    });
    expect(side!.playlist?.mediaItems.map((i) => [i.media._id, i.duration])).toEqual([[w.image.id, 7]]);
    expect([main!.directionPlaylist, side!.directionPlaylist, band!.playlist]).toEqual([null, null, null]);
    expect(band!.directionPlaylist).toEqual({ _id: w.d.id, name: 'Duyuru', speed: 4, directions: [{ text: 'Hoş geldiniz' }] });
  });

  it('a screen without a layout gets the spec\'s config as before: layout null, rotation 0, the rest unchanged', async () => {
    const w = await world();
    const c = await config(w.s.id);
    expect([c.layout, c.rotation]).toEqual([null, 0]);
    expect(Object.keys(c).sort()).toEqual([
      'alerts', 'directionPlaylist', 'displaySettings', 'layout', 'notice', 'playlist', 'rotation', 'schedule', 'screenId', 'screenName', 'version',
    ]);
    expect(c.playlist?.mediaItems.map((i) => [i.media._id, i.duration])).toEqual([[w.video.id, 30]]);
    expect(c.directionPlaylist?._id).toBe(w.d.id);
    // The same playlist in a layout's zone and as a screen's playlist is one shape.
    await put(w.u, w.s.id, { currentLayout: w.l.id });
    expect((await config(w.s.id)).layout!.zones[0]!.playlist).toEqual(c.playlist);
  });

  it('another customer\'s playlist or ticker in a zone (written behind the API\'s back) reads as none; no package, no layout', async () => {
    const w = await world();
    const other = await newCustomer(t);
    const theirs = await makePlaylist(t, other.id, [{ mediaId: (await makeMedia(t, other.id)).id }], 'Gizli');
    const theirTicker = await makeTicker(t, other.id, ['Gizli'], 3, 'Gizli');
    await t.ctx.db.layoutZone.updateMany({ where: { layoutId: w.l.id, position: 0 }, data: { playlistId: theirs.id } });
    await t.ctx.db.layoutZone.updateMany({ where: { layoutId: w.l.id, position: 2 }, data: { tickerPlaylistId: theirTicker.id } });
    await put(w.u, w.s.id, { currentLayout: w.l.id });
    const c = await config(w.s.id);
    expect(c.layout!.zones.map((z) => [z.playlist?._id ?? null, z.directionPlaylist?._id ?? null])).toEqual([[null, null], [w.side.id, null], [null, null]]);
    expect(JSON.stringify(c)).not.toContain('Gizli');

    await t.ctx.db.purchase.updateMany({ where: { userId: w.u.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await config(w.s.id)).layout).toBeNull();
  });

  it('the shared-content memo never serves an older layout or another screen\'s rotation', async () => {
    const w = await world();
    await put(w.u, w.s.id, { currentLayout: w.l.id });
    const twin = await makeScreen(t, w.u.id, { name: 'İkiz' });
    await put(w.u, twin.id, { currentLayout: w.l.id, rotation: 180 });
    const cache = new ScreenConfigCache(60_000, () => Date.now());
    const withMemo = () => ({ ...opts(), memo: cache.contentMemo(cache.stamp) });
    expect((await config(w.s.id, withMemo())).layout!.zones).toHaveLength(3);
    expect((await config(twin.id, withMemo())).rotation).toBe(180);
    expect((await config(w.s.id, withMemo())).rotation).toBe(0);
    // An edit nobody announced (no invalidation): the layout's change time keys the memo.
    await t.ctx.db.layoutZone.deleteMany({ where: { layoutId: w.l.id, position: { gt: 0 } } });
    await t.ctx.db.layout.update({ where: { id: w.l.id }, data: { background: '#ffffff' } });
    const after = await config(w.s.id, withMemo());
    expect([after.layout!.zones.length, after.layout!.background]).toEqual([1, '#ffffff']);
    expect(after).toEqual(await config(w.s.id));
  });
});

describe('GET /api/screens/:id/now with a layout', () => {
  it('names the layout when no entry holds, and the entry\'s playlist (no layout) while one does', async () => {
    const w = await world();
    await put(w.u, w.s.id, { currentLayout: w.l.id });
    const entry = await makeSchedule(t, w.u.id, { playlistId: w.side.id, screenIds: [w.s.id] });
    // Monday 23 November 2026, Istanbul (UTC+3): the entry holds 12:00-14:00.
    const morning = await t.http.get(`/api/screens/${w.s.id}/now`).query({ at: '2026-11-23T06:00:00Z' }).set(w.u.auth);
    expect(ZScreenNow.parse(morning.body)).toEqual({
      playlist: null, directionPlaylist: null, layout: ref(w.l), source: 'default', scheduleId: null, until: '2026-11-23T09:00:00.000Z',
    });
    const noon = await t.http.get(`/api/screens/${w.s.id}/now`).query({ at: '2026-11-23T09:30:00Z' }).set(w.u.auth);
    expect(noon.body).toEqual({
      playlist: ref(w.side), directionPlaylist: null, layout: null, source: 'schedule', scheduleId: entry.id, until: '2026-11-23T11:00:00.000Z',
    });
    const all = await t.http.get('/api/screens/now').query({ at: '2026-11-23T06:00:00Z' }).set(w.u.auth);
    expect(all.body).toEqual([{ screenId: w.s.id, ...morning.body }]);
  });
});
