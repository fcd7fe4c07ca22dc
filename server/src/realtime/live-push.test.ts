import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZScreenConfigEvent, type TScreenConfigEvent } from '@pano/contract';
import {
  caughtUp, closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, startLiveServer,
  type ClientSocket, type Customer, type LiveServer,
} from './live-server.fixtures.js';
import { makeApp } from '../modules/screens/content.fixtures.js';

// docs/architecture/realtime.md#pushes: every change that alters what a screen shows reaches exactly the
// affected screens' rooms, once, after the commit; nothing reaches anyone else.
let s: LiveServer;
// Pushes can't see a request's Host, so both the push and GET /config build media URLs from
// PUBLIC_URL (docs/SCALING.md: set it whenever players reach the API by another name).
const PUBLIC_URL = 'https://pano.example';
beforeAll(async () => { s = await startLiveServer({ PUBLIC_URL }); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

async function world() {
  const db = s.ctx.db;
  const a = await liveCustomer(s);
  const b = await liveCustomer(s);
  const media = (ownerId: string, name: string) => db.media.create({
    data: { ownerId, name, kind: 'image', fileName: `${randomUUID()}.png`, mime: 'image/png', sizeBytes: 100n },
  });
  const m1 = await media(a.id, 'Bir');
  const m2 = await media(a.id, 'İki');
  const mb = await media(b.id, 'Başkası');
  const playlist = (ownerId: string, mediaIds: string[]) => db.playlist.create({
    data: { ownerId, name: 'Liste', items: { create: mediaIds.map((mediaId, position) => ({ mediaId, position, duration: 5 })) } },
  });
  const p1 = await playlist(a.id, [m1.id]);
  const p2 = await playlist(a.id, [m2.id]);
  const pb = await playlist(b.id, [mb.id]);
  const t1 = await db.tickerPlaylist.create({ data: { ownerId: a.id, name: 'Reji', speed: 3, texts: { create: [{ text: 'Hoş geldiniz', position: 0 }] } } });
  const screen = (ownerId: string, name: string, currentPlaylistId: string, currentTickerPlaylistId?: string) =>
    db.screen.create({ data: { ownerId, name, currentPlaylistId, currentTickerPlaylistId } });
  const s1 = await screen(a.id, 'Giriş', p1.id, t1.id);
  const s2 = await screen(a.id, 'Kasa', p1.id);
  const s3 = await screen(a.id, 'Vitrin', p2.id);
  const sb = await screen(b.id, 'Başka müşteri', pb.id);

  const received: Record<string, TScreenConfigEvent[]> = {};
  const sockets: ClientSocket[] = [];
  const recorded = (socket: ClientSocket) => { sockets.push(socket); return record(socket, 'screen:config'); };
  for (const [key, owner, screenId] of [['s1', a, s1.id], ['s2', a, s2.id], ['s3', a, s3.id], ['sb', b, sb.id]] as [string, Customer, string][]) {
    const device = await pairedDevice(s, owner.id, screenId);
    received[key] = recorded(await connectSocket(s, { deviceToken: device.token, screenId }));
  }
  // A dashboard preview of s1 is in the same room as its player.
  received.preview = recorded(await connectSocket(s, { token: a.token, screenId: s1.id }));
  return { a, b, m1, m2, p1, p2, t1, s1, s2, s3, sb, received, sockets };
}
type World = Awaited<ReturnType<typeof world>>;

/** Waits for the expected screens' events, then until every socket has caught up, to catch duplicates and strays. */
async function expectPushedTo(w: World, expected: string[]) {
  await expect.poll(() => expected.every((k) => w.received[k]!.length >= 1)).toBe(true);
  await caughtUp(s, w.sockets);
  for (const [key, events] of Object.entries(w.received)) {
    expect(events, `screen:config events of ${key}`).toHaveLength(expected.includes(key) ? 1 : 0);
  }
  for (const events of Object.values(w.received)) for (const e of events) {
    ZScreenConfigEvent.parse(e);
    expect(e.version).toBe(e.config.version);
  }
}

const only = (w: World, key: string) => w.received[key]![0]!;

describe('screen:config push on every change type', () => {
  it('assignment: only the reassigned screen', async () => {
    const w = await world();
    await s.api.put(`/api/screens/${w.s3.id}`).set(w.a.auth).send({ currentPlaylist: w.p1.id }).expect(200);
    await expectPushedTo(w, ['s3']);
    expect(only(w, 's3')).toMatchObject({ screenId: w.s3.id, config: { playlist: { _id: w.p1.id } } });
  });

  it('playlist edit: every screen showing that playlist (and its preview), no other', async () => {
    const w = await world();
    await s.api.put(`/api/playlists/${w.p1.id}`).set(w.a.auth)
      .send({ mediaItems: [{ media: w.m1.id, duration: 7 }, { media: w.m2.id, duration: 3 }] }).expect(200);
    await expectPushedTo(w, ['s1', 's2', 'preview']);
    const items = only(w, 's2').config.playlist!.mediaItems;
    expect(items.map((i) => [i.media._id, i.duration])).toEqual([[w.m1.id, 7], [w.m2.id, 3]]);
    expect(only(w, 's1').screenId).toBe(w.s1.id);
    expect(only(w, 's2').screenId).toBe(w.s2.id);
  });

  it('playlist delete: its screens now show no playlist', async () => {
    const w = await world();
    await s.api.delete(`/api/playlists/${w.p1.id}`).set(w.a.auth).expect(200);
    await expectPushedTo(w, ['s1', 's2', 'preview']);
    expect(only(w, 's1').config.playlist).toBeNull();
    expect(only(w, 's1').config.directionPlaylist?._id).toBe(w.t1.id);
  });

  it('media delete: screens whose playlist contained it', async () => {
    const w = await world();
    await s.api.delete(`/api/media/${w.m2.id}`).set(w.a.auth).expect(200);
    await expectPushedTo(w, ['s3']);
    expect(only(w, 's3').config.playlist?.mediaItems ?? []).toHaveLength(0);
  });

  it('app edit (docs/PRODUCT.md#apps): the screens whose playlist holds it, with the new settings', async () => {
    const w = await world();
    const app = await makeApp(s, w.a.id, { kind: 'clock', style: 'digital', showDate: true, showSeconds: false }, { name: 'Saat' });
    await s.ctx.db.playlistItem.create({ data: { playlistId: w.p2.id, mediaId: app.id, position: 1, duration: 10 } });
    await s.api.put(`/api/media/${app.id}`).set(w.a.auth).send({ name: 'Analog Saat', app: { kind: 'clock', style: 'analog' } }).expect(200);
    await expectPushedTo(w, ['s3']);
    expect(only(w, 's3').config.playlist?.mediaItems[1]).toEqual({
      duration: 10,
      media: {
        _id: app.id, name: 'Analog Saat', type: 'app', mediaType: 'Uygulama', filePath: '', url: '', mimeType: '',
        app: { kind: 'clock', style: 'analog', showDate: true, showSeconds: false }, appData: null,
      },
    });
  });

  it('ticker edit: the screens showing that ticker', async () => {
    const w = await world();
    await s.api.put(`/api/direction-playlists/${w.t1.id}`).set(w.a.auth)
      .send({ speed: 5, directions: [{ text: 'Kampanya başladı' }] }).expect(200);
    await expectPushedTo(w, ['s1', 'preview']);
    expect(only(w, 's1').config.directionPlaylist).toMatchObject({ speed: 5, directions: [{ text: 'Kampanya başladı' }] });
  });

  it('ticker delete: the screens that showed it lose the ticker', async () => {
    const w = await world();
    await s.api.delete(`/api/direction-playlists/${w.t1.id}`).set(w.a.auth).expect(200);
    await expectPushedTo(w, ['s1', 'preview']);
    expect(only(w, 's1').config.directionPlaylist).toBeNull();
  });

  it('display settings: every screen of that customer, none of another', async () => {
    const w = await world();
    await s.api.put('/api/settings').set(w.a.auth).send({ fontSize: 40, textColor: '#ffcc00' }).expect(200);
    await expectPushedTo(w, ['s1', 's2', 's3', 'preview']);
    expect(only(w, 's3').config.displaySettings).toMatchObject({ fontSize: 40, textColor: '#ffcc00' });
  });

  it('package expiry (the job calls ownerScreensChanged): every screen of that customer shows the notice', async () => {
    const w = await world();
    await s.ctx.db.purchase.updateMany({ where: { userId: w.a.id }, data: { status: 'expired', expiresAt: new Date(Date.now() - 1000) } });
    await s.ctx.notifier.ownerScreensChanged(w.a.id);
    await expectPushedTo(w, ['s1', 's2', 's3', 'preview']);
    expect(only(w, 's2').config.notice?.kind).toBe('package-expired');
  });

  it('the pushed version is the one GET /api/screens/:id/config answers', async () => {
    const w = await world();
    await s.api.put(`/api/screens/${w.s2.id}`).set(w.a.auth).send({ currentPlaylist: w.p2.id }).expect(200);
    await expectPushedTo(w, ['s2']);
    const res = await s.api.get(`/api/screens/${w.s2.id}/config`).set(w.a.auth).expect(200);
    expect(res.body.version).toBe(only(w, 's2').version);
    expect(only(w, 's2').config.playlist!.mediaItems[0]!.media.url).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/`));
  });
});

describe('screen:config push of layouts (docs/PRODUCT.md#layouts)', () => {
  /** s3 shows a layout whose zones play p1 and the ticker t1; s1 and s2 still play p1 alone. */
  async function withLayout() {
    const w = await world();
    const layout = await s.ctx.db.layout.create({
      data: {
        ownerId: w.a.id, name: 'Vitrin Yerleşimi',
        zones: {
          create: [
            { position: 0, name: 'Ana', x: 0, y: 0, width: 100, height: 80, playlistId: w.p1.id },
            { position: 1, name: 'Bant', x: 0, y: 80, width: 100, height: 20, tickerPlaylistId: w.t1.id },
          ],
        },
      },
    });
    await s.ctx.db.screen.update({ where: { id: w.s3.id }, data: { currentLayoutId: layout.id, currentPlaylistId: null } });
    return { ...w, layout };
  }

  it('assigning a layout: only that screen, with the zones resolved', async () => {
    const w = await world();
    const layout = await s.ctx.db.layout.create({
      data: { ownerId: w.a.id, name: 'Tam', zones: { create: [{ position: 0, name: 'Ana', x: 0, y: 0, width: 100, height: 100, playlistId: w.p2.id }] } },
    });
    await s.api.put(`/api/screens/${w.s2.id}`).set(w.a.auth).send({ currentLayout: layout.id, rotation: 90 }).expect(200);
    await expectPushedTo(w, ['s2']);
    expect(only(w, 's2').config).toMatchObject({ playlist: null, rotation: 90, layout: { _id: layout.id, zones: [{ playlist: { _id: w.p2.id } }] } });
  });

  it('a layout edit: the screens showing it, once each', async () => {
    const w = await withLayout();
    await s.api.put(`/api/layouts/${w.layout.id}`).set(w.a.auth)
      .send({ zones: [{ name: 'Sol', x: 0, y: 0, width: 50, height: 100, playlist: w.p2.id }] }).expect(200);
    await expectPushedTo(w, ['s3']);
    expect(only(w, 's3').config.layout!.zones.map((z) => [z.name, z.width, z.playlist?._id])).toEqual([['Sol', 50, w.p2.id]]);
  });

  it('a zone playlist\'s edit: the screens playing it alone and those showing it in a zone', async () => {
    const w = await withLayout();
    await s.api.put(`/api/playlists/${w.p1.id}`).set(w.a.auth).send({ mediaItems: [{ media: w.m1.id, duration: 9 }] }).expect(200);
    await expectPushedTo(w, ['s1', 's2', 's3', 'preview']);
    expect(only(w, 's3').config.layout!.zones[0]!.playlist!.mediaItems.map((i) => i.duration)).toEqual([9]);
  });

  it('a zone ticker\'s edit and a zone media\'s delete reach the layout\'s screen', async () => {
    const w = await withLayout();
    await s.api.put(`/api/direction-playlists/${w.t1.id}`).set(w.a.auth).send({ speed: 5 }).expect(200);
    await expectPushedTo(w, ['s1', 's3', 'preview']);
    expect(only(w, 's3').config.layout!.zones[1]!.directionPlaylist).toMatchObject({ speed: 5 });
    for (const events of Object.values(w.received)) events.length = 0;
    await s.api.delete(`/api/media/${w.m1.id}`).set(w.a.auth).expect(200);
    await expectPushedTo(w, ['s1', 's2', 's3', 'preview']);
    expect(only(w, 's3').config.layout!.zones[0]!.playlist!.mediaItems).toEqual([]);
  });
});

describe('screen:config push of the schedule block', () => {
  /** An entry on s1 directly and on group 'Kafeterya' = {s2}, playing p2 with ticker t2. */
  async function scheduled(w: World) {
    const t2 = await s.ctx.db.tickerPlaylist.create({ data: { ownerId: w.a.id, name: 'Menü yazısı', speed: 2, texts: { create: [{ text: 'Afiyet olsun', position: 0 }] } } });
    const cafe = await s.ctx.db.screenGroup.create({ data: { ownerId: w.a.id, name: 'Kafeterya', members: { create: [{ screenId: w.s2.id }] } } });
    const res = await s.api.post('/api/schedules').set(w.a.auth).send({
      name: 'Öğle', playlist: w.p2.id, directionPlaylist: t2.id, screens: [w.s1.id], groups: [cafe.id],
      days: [1, 2, 3, 4, 5], startTime: '12:00', endTime: '14:00',
    }).expect(201);
    await expectPushedTo(w, ['s1', 's2', 'preview']);
    for (const events of Object.values(w.received)) events.length = 0;
    return { t2, cafe, entryId: res.body._id as string };
  }

  it('create: the screens it reaches carry the entry, its playlist and ticker in full', async () => {
    const w = await world();
    const { t2, entryId } = await scheduled(w);
    // scheduled() checked the push; the configs fetched now are what was pushed.
    for (const id of [w.s1.id, w.s2.id]) {
      const c = (await s.api.get(`/api/screens/${id}/config`).set(w.a.auth).expect(200)).body;
      expect(c.schedule.entries.map((e: { id: string }) => e.id)).toEqual([entryId]);
      expect(c.schedule.playlists.map((p: { _id: string; mediaItems: unknown[] }) => [p._id, p.mediaItems.length])).toEqual([[w.p2.id, 1]]);
      expect(c.schedule.tickers.map((x: { _id: string }) => x._id)).toEqual([t2.id]);
    }
    const s3 = (await s.api.get(`/api/screens/${w.s3.id}/config`).set(w.a.auth).expect(200)).body;
    expect(s3.schedule.entries).toEqual([]);
  });

  it('edit: the reached screens get the new rule, once each', async () => {
    const w = await world();
    const { entryId, t2, cafe } = await scheduled(w);
    await s.api.put(`/api/schedules/${entryId}`).set(w.a.auth).send({
      name: 'Öğle', playlist: w.p2.id, directionPlaylist: t2.id, screens: [w.s1.id], groups: [cafe.id],
      days: [1, 2, 3, 4, 5], startTime: '11:30', endTime: '14:00', priority: 8,
    }).expect(200);
    await expectPushedTo(w, ['s1', 's2', 'preview']);
    expect(only(w, 's2').config.schedule.entries[0]).toMatchObject({ id: entryId, startTime: '11:30', priority: 8 });
    // The config cache and its shared-content memo answer the pushed config, not the one before.
    const res = await s.api.get(`/api/screens/${w.s2.id}/config`).set(w.a.auth).expect(200);
    expect(res.body).toEqual(only(w, 's2').config);
  });

  it('delete: the reached screens lose the entry and its playlists', async () => {
    const w = await world();
    const { entryId } = await scheduled(w);
    await s.api.delete(`/api/schedules/${entryId}`).set(w.a.auth).expect(200);
    await expectPushedTo(w, ['s1', 's2', 'preview']);
    expect(only(w, 's1').config.schedule).toEqual({ timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] });
  });

  it('group members: the screen leaving and the screen joining, nobody else', async () => {
    const w = await world();
    const { cafe, entryId } = await scheduled(w);
    await s.api.put(`/api/screen-groups/${cafe.id}`).set(w.a.auth).send({ screenIds: [w.s3.id] }).expect(200);
    await expectPushedTo(w, ['s2', 's3']);
    expect(only(w, 's2').config.schedule.entries).toEqual([]);
    expect(only(w, 's3').config.schedule.entries.map((e) => e.id)).toEqual([entryId]);
  });

  it('an edit of a playlist an entry plays: the screens it reaches and the screen assigned to it', async () => {
    const w = await world();
    await scheduled(w);
    await s.api.put(`/api/playlists/${w.p2.id}`).set(w.a.auth)
      .send({ mediaItems: [{ media: w.m2.id, duration: 9 }, { media: w.m1.id, duration: 4 }] }).expect(200);
    await expectPushedTo(w, ['s1', 's2', 's3', 'preview']);
    expect(only(w, 's1').config.schedule.playlists[0]!.mediaItems.map((i) => [i.media._id, i.duration])).toEqual([[w.m2.id, 9], [w.m1.id, 4]]);
    expect(only(w, 's3').config.playlist!.mediaItems).toHaveLength(2);
  });

  it('an edit of a ticker an entry shows: the screens it reaches', async () => {
    const w = await world();
    const { t2 } = await scheduled(w);
    await s.api.put(`/api/direction-playlists/${t2.id}`).set(w.a.auth).send({ speed: 5, directions: [{ text: 'Tatlı bizden' }] }).expect(200);
    await expectPushedTo(w, ['s1', 's2', 'preview']);
    expect(only(w, 's2').config.schedule.tickers).toEqual([{ _id: t2.id, name: 'Menü yazısı', speed: 5, directions: [{ text: 'Tatlı bizden' }] }]);
  });

  it('a screen\'s time zone: that screen, with the new zone in its schedule block', async () => {
    const w = await world();
    await scheduled(w);
    await s.api.put(`/api/screens/${w.s2.id}`).set(w.a.auth).send({ timezone: 'America/New_York' }).expect(200);
    await expectPushedTo(w, ['s2']);
    expect(only(w, 's2').config.schedule).toMatchObject({ timezone: 'America/New_York', entries: [expect.anything()] });
  });
});

describe('the config on the socket at connect (docs/PERFORMANCE.md, P4)', () => {
  async function connectRecording(auth: Record<string, unknown>) {
    let configs: TScreenConfigEvent[] = [];
    let currents: { screenId: string; version: string }[] = [];
    const socket = await connectSocket(s, auth, (socket) => {
      configs = record(socket, 'screen:config');
      currents = record(socket, 'screen:current');
    });
    return { configs, currents, socket };
  }

  it('a player naming no version yet, or an older one, gets the current config, exactly as GET config serves it', async () => {
    const w = await world();
    const device = await pairedDevice(s, w.a.id, w.s1.id);
    const served = await s.api.get(`/api/screens/${w.s1.id}/config`).set(w.a.auth).expect(200);
    for (const version of [null, 'an-older-version']) {
      const got = await connectRecording({ deviceToken: device.token, screenId: w.s1.id, version });
      await expect.poll(() => got.configs.length === 1).toBe(true);
      await caughtUp(s, [got.socket]);
      expect(got.configs).toHaveLength(1);
      expect(got.currents).toHaveLength(0);
      expect(ZScreenConfigEvent.parse(got.configs[0])).toEqual({ screenId: w.s1.id, version: served.body.version, config: served.body });
    }
  });

  it('a player (or preview) naming the current version gets screen:current and no config', async () => {
    const w = await world();
    const device = await pairedDevice(s, w.a.id, w.s2.id);
    const { version } = (await s.api.get(`/api/screens/${w.s2.id}/config`).set(w.a.auth).expect(200)).body as { version: string };
    for (const auth of [{ deviceToken: device.token, screenId: w.s2.id, version }, { token: w.a.token, screenId: w.s2.id, version }]) {
      const got = await connectRecording(auth);
      await expect.poll(() => got.currents.length === 1).toBe(true);
      await caughtUp(s, [got.socket]);
      expect(got.currents).toEqual([{ screenId: w.s2.id, version }]);
      expect(got.configs).toHaveLength(0);
    }
  });

  it('a client that names no version in its handshake gets nothing on connect (it fetches itself)', async () => {
    const w = await world();
    const device = await pairedDevice(s, w.a.id, w.s3.id);
    const got = await connectRecording({ deviceToken: device.token, screenId: w.s3.id });
    // The connection's work (what would send a config) was started before the client saw it connected.
    await caughtUp(s, [got.socket]);
    expect(got.configs).toHaveLength(0);
    expect(got.currents).toHaveLength(0);
  });
});
