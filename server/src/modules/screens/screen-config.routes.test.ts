import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_DEFAULTS, ZScreenConfig } from '@pano/contract';
import { createTestApp, newAdmin, newCustomer, newUser, type TestApp } from '../../../test/harness.js';
import { makeMedia, makePlaylist, makeScreen, makeTicker } from './content.fixtures.js';
import { buildScreenConfigs } from '../../realtime/screen-config-reader.fixtures.js';
import { PACKAGE_EXPIRED_MESSAGE } from './screen-config.presenter.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

// A fixed Host: supertest listens on a new port per request, and the URLs (so the version) follow the host.
const getConfig = (screenId: string, auth: Record<string, string>) =>
  t.http.get(`/api/screens/${screenId}/config`).set('Host', 'pano.test:8080').set(auth);

/** A customer's screen showing a two-item playlist and a ticker. */
async function setup() {
  const u = await newCustomer(t);
  const video = await makeMedia(t, u.id, 'video', 'Tanıtım');
  const image = await makeMedia(t, u.id, 'image', 'Afiş');
  const p = await makePlaylist(t, u.id, [{ mediaId: video.id, duration: 30 }, { mediaId: image.id, duration: 7 }], 'Lobi');
  const d = await makeTicker(t, u.id, ['Hoş geldiniz', 'Kat 2'], 4, 'Duyuru');
  const s = await makeScreen(t, u.id, { name: 'Giriş', currentPlaylistId: p.id, currentTickerPlaylistId: d.id });
  return { u, video, image, p, d, s };
}

describe('GET /api/screens/:id/config', () => {
  it('returns the playlist in order with durations, media URLs, the ticker and default display settings', async () => {
    const { u, video, image, p, d, s } = await setup();
    const res = await getConfig(s.id, u.auth);
    expect(res.status).toBe(200);
    const c = ZScreenConfig.parse(res.body);
    expect([c.screenId, c.screenName, c.notice]).toEqual([s.id, 'Giriş', null]);
    expect(c.playlist?._id).toBe(p.id);
    expect(c.playlist?.mediaItems.map((i) => [i.media._id, i.media.type, i.media.mediaType, i.duration])).toEqual([
      [video.id, 'video', 'Video', 30], [image.id, 'image', 'Resim', 7],
    ]);
    // No PUBLIC_URL configured: root-relative, so a push (which has no request) carries the same URL.
    expect(c.playlist?.mediaItems[0]?.media.url).toBe(`/uploads/${video.fileName}`);
    expect(c.playlist?.mediaItems[1]?.media.filePath).toBe(`/uploads/${image.fileName}`);
    expect(c.directionPlaylist).toEqual({ _id: d.id, name: 'Duyuru', speed: 4, directions: [{ text: 'Hoş geldiniz' }, { text: 'Kat 2' }] });
    expect(c.displaySettings).toEqual(DISPLAY_DEFAULTS);
    expect(res.headers.etag).toBe(`"${c.version}"`);
  });

  it('resolves URLs against PUBLIC_URL when set, never against the Host a client sent', async () => {
    const { u, image, s } = await setup();
    const viaProxy = ZScreenConfig.parse((await getConfig(s.id, u.auth).set('X-Forwarded-Proto', 'https')).body);
    expect(viaProxy.playlist?.mediaItems[1]?.media.url).toBe(`/uploads/${image.fileName}`);
    t.ctx.config.publicUrl = 'https://signage.example.com';
    try {
      const c = ZScreenConfig.parse((await getConfig(s.id, u.auth)).body);
      expect(c.playlist?.mediaItems[1]?.media.url).toBe(`https://signage.example.com/uploads/${image.fileName}`);
    } finally {
      t.ctx.config.publicUrl = undefined;
    }
  });

  it('uses the default duration 5 for items created without one', async () => {
    const u = await newCustomer(t);
    const m = await makeMedia(t, u.id);
    const created = await t.http.post('/api/playlists').set(u.auth).send({ name: 'P', mediaItems: [{ media: m.id }] });
    const s = await makeScreen(t, u.id, { currentPlaylistId: created.body._id });
    const c = ZScreenConfig.parse((await getConfig(s.id, u.auth)).body);
    expect(c.playlist?.mediaItems.map((i) => i.duration)).toEqual([5]);
    expect(c.directionPlaylist).toBeNull();
  });

  it('carries the owner\'s own display settings', async () => {
    const { u, s } = await setup();
    await t.ctx.db.displaySettings.create({
      data: { ownerId: u.id, showTickerBar: false, backgroundColor: '#112233', barHeight: 80, textColor: 'yellow', fontSize: 40 },
    });
    const c = ZScreenConfig.parse((await getConfig(s.id, u.auth)).body);
    expect(c.displaySettings).toEqual({ showDirectionBar: false, backgroundColor: '#112233', barHeight: 80, textColor: 'yellow', fontSize: 40 });
  });

  it('an unassigned screen gets null playlist and ticker', async () => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id);
    const c = ZScreenConfig.parse((await getConfig(s.id, u.auth)).body);
    expect([c.playlist, c.directionPlaylist, c.notice]).toEqual([null, null, null]);
  });

  it('never 402s: without a running package the config carries the package-expired notice and no content', async () => {
    const { u, s } = await setup();
    await t.ctx.db.purchase.updateMany({ where: { userId: u.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await getConfig(s.id, u.auth);
    expect(res.status).toBe(200);
    const c = ZScreenConfig.parse(res.body);
    expect(c.notice).toEqual({ kind: 'package-expired', message: 'Paketinizin süresi doldu. İçerik, paket yenilendiğinde yeniden gösterilecektir.' });
    expect([c.playlist, c.directionPlaylist]).toEqual([null, null]);

    const never = await newUser(t);
    const s2 = await makeScreen(t, never.id);
    expect((await getConfig(s2.id, never.auth)).body.notice.message).toBe(PACKAGE_EXPIRED_MESSAGE);
  });

  it('an admin owner has no package and still gets content', async () => {
    const admin = await newAdmin(t);
    const p = await makePlaylist(t, admin.id, [{ mediaId: (await makeMedia(t, admin.id)).id }]);
    const s = await makeScreen(t, admin.id, { currentPlaylistId: p.id });
    const c = ZScreenConfig.parse((await getConfig(s.id, admin.auth)).body);
    expect([c.notice, c.playlist?._id]).toEqual([null, p.id]);
  });

  it('answers 304 to If-None-Match with the current version, and 200 again after a change', async () => {
    const { u, p, s } = await setup();
    const first = await getConfig(s.id, u.auth);
    const etag = first.headers.etag as string;
    const again = await getConfig(s.id, u.auth).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await getConfig(s.id, u.auth)).body.version).toBe(first.body.version);

    await t.http.put(`/api/playlists/${p.id}`).set(u.auth).send({ mediaItems: [{ media: first.body.playlist.mediaItems[1].media._id, duration: 3 }] }).expect(200);
    const changed = await getConfig(s.id, u.auth).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.body.version).not.toBe(first.body.version);
    expect(changed.body.playlist.mediaItems).toHaveLength(1);
  });

  it('one customer cannot read another\'s config (404); no or bad token is 401', async () => {
    const { s } = await setup();
    const stranger = await newCustomer(t);
    const res = await getConfig(s.id, stranger.auth);
    expect([res.status, res.body.message]).toEqual([404, 'Ekran bulunamadı']);
    expect((await t.http.get(`/api/screens/${s.id}/config`)).status).toBe(401);
    expect((await getConfig(s.id, { Authorization: 'Bearer nope' })).status).toBe(401);
  });

  it('a paired device of the owner reads it; a revoked or foreign device cannot', async () => {
    const { u, s, p } = await setup();
    const device = await t.ctx.db.device.create({ data: { ownerId: u.id } });
    const auth = { Authorization: `Bearer ${await t.ctx.tokens.signDevice(device.id, u.id)}` };
    const ok = await getConfig(s.id, auth);
    expect(ok.status).toBe(200);
    expect(ZScreenConfig.parse(ok.body).playlist?._id).toBe(p.id);

    const stranger = await newCustomer(t);
    const foreign = await t.ctx.db.device.create({ data: { ownerId: stranger.id } });
    const foreignAuth = { Authorization: `Bearer ${await t.ctx.tokens.signDevice(foreign.id, stranger.id)}` };
    expect((await getConfig(s.id, foreignAuth)).status).toBe(404);
    // A token naming the owner but a device row of someone else is not accepted either.
    const forged = { Authorization: `Bearer ${await t.ctx.tokens.signDevice(foreign.id, u.id)}` };
    expect((await getConfig(s.id, forged)).status).toBe(401);

    await t.ctx.db.device.update({ where: { id: device.id }, data: { revokedAt: new Date() } });
    expect((await getConfig(s.id, auth)).status).toBe(401);
  });

  it('a device token does not open the customer API', async () => {
    const u = await newCustomer(t);
    const device = await t.ctx.db.device.create({ data: { ownerId: u.id } });
    const auth = { Authorization: `Bearer ${await t.ctx.tokens.signDevice(device.id, u.id)}` };
    expect((await t.http.get('/api/screens').set(auth)).status).toBe(401);
  });
});

describe('buildScreenConfigs', () => {
  it('builds many screens at once, sharing each distinct combination, against publicBaseUrl', async () => {
    const a = await setup();
    const b = await setup();
    const same = await makeScreen(t, a.u.id, { name: 'İkinci', currentPlaylistId: a.p.id, currentTickerPlaylistId: a.d.id });
    const missing = '00000000-0000-4000-8000-000000000000';
    const configs = await buildScreenConfigs(t.ctx.db, [a.s.id, same.id, b.s.id, missing, a.s.id], {
      publicBaseUrl: 'https://pano.example/', now: new Date(),
    });
    expect([...configs.keys()].sort()).toEqual([a.s.id, same.id, b.s.id].sort());
    const [ca, cs, cb] = [configs.get(a.s.id)!, configs.get(same.id)!, configs.get(b.s.id)!];
    for (const c of [ca, cs, cb]) ZScreenConfig.parse(c);
    expect(cs.playlist).toBe(ca.playlist); // computed once, shared
    expect(cs.version).not.toBe(ca.version); // but each screen has its own version (name, id)
    expect(cb.playlist?._id).toBe(b.p.id);
    expect(ca.playlist?.mediaItems[0]?.media.url).toBe(`https://pano.example/uploads/${a.video.fileName}`);
  });

  it('gives the same version for the same content, and a new one when the ticker speed changes', async () => {
    const { s, d } = await setup();
    const opts = { publicBaseUrl: 'https://pano.example', now: new Date() };
    const v1 = (await buildScreenConfigs(t.ctx.db, [s.id], opts)).get(s.id)!.version;
    expect((await buildScreenConfigs(t.ctx.db, [s.id], opts)).get(s.id)!.version).toBe(v1);
    await t.ctx.db.tickerPlaylist.update({ where: { id: d.id }, data: { speed: 1 } });
    const c = (await buildScreenConfigs(t.ctx.db, [s.id], opts)).get(s.id)!;
    expect(c.directionPlaylist?.speed).toBe(1);
    expect(c.version).not.toBe(v1);
  });

  it('the package state is judged at opts.now', async () => {
    const { s } = await setup();
    const later = new Date(Date.now() + 40 * 86_400_000);
    const c = (await buildScreenConfigs(t.ctx.db, [s.id], { publicBaseUrl: 'http://x', now: later })).get(s.id)!;
    expect(c.notice?.kind).toBe('package-expired');
    expect(c.playlist).toBeNull();
  });
});
