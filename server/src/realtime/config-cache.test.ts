import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LOOKUP_TTL_MS } from '../modules/devices/device-lookup-cache.js';
import { buildScreenConfigEntries } from './screen-config-reader.js';
import { buildScreenConfigs } from './screen-config-reader.fixtures.js';
import { ScreenConfigCache } from '../modules/screens/screen-config-cache.js';
import {
  closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, serverHandled, startLiveServer, type LiveServer,
} from './live-server.fixtures.js';

// docs/PERFORMANCE.md (P5): each API instance caches built configs; every change must still be
// visible to the very next GET, on the instance that made it and on any other one.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: LiveServer;
let b: LiveServer;
beforeAll(async () => {
  a = await startLiveServer({ REDIS_URL });
  b = await startLiveServer({ REDIS_URL });
});
afterEach(() => closeAllSockets());
afterAll(async () => { await Promise.all([a?.close(), b?.close()]); });

async function world() {
  const c = await liveCustomer(a);
  const db = a.ctx.db;
  const media = await db.media.create({
    data: { ownerId: c.id, name: 'Afiş', kind: 'image', fileName: `${randomUUID()}.png`, mime: 'image/png', sizeBytes: 100n },
  });
  const p = await db.playlist.create({ data: { ownerId: c.id, name: 'Liste', items: { create: [{ mediaId: media.id, position: 0, duration: 5 }] } } });
  const screen = await db.screen.create({ data: { ownerId: c.id, name: 'Giriş', currentPlaylistId: p.id } });
  const device = await pairedDevice(a, c.id, screen.id);
  const player = { Authorization: `Bearer ${device.token}` };
  return { c, media, p, screen, device, player };
}

const getConfig = (via: LiveServer, id: string, auth: Record<string, string>) => via.api.get(`/api/screens/${id}/config`).set(auth);

/** What res.json(config) sent before the cache: the response must stay byte-identical. */
async function freshJson(id: string): Promise<string> {
  return JSON.stringify((await buildScreenConfigs(a.ctx.db, [id], { publicBaseUrl: '', now: new Date() })).get(id));
}

describe('config cache', () => {
  it('answers byte-identically from the cache, 304 on the cached version, and the new version right after a change', async () => {
    const w = await world();
    const first = await getConfig(a, w.screen.id, w.player).expect(200);
    const cached = await getConfig(a, w.screen.id, w.player).expect(200);
    expect(cached.text).toBe(first.text);
    expect(cached.text).toBe(await freshJson(w.screen.id));
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    const v1 = first.body.version as string;
    await getConfig(a, w.screen.id, w.player).set('If-None-Match', `"${v1}"`).expect(304);

    const pushed = record(await connectSocket(a, { deviceToken: w.device.token, screenId: w.screen.id }), 'screen:config');
    await a.api.put(`/api/playlists/${w.p.id}`).set(w.c.auth).send({ mediaItems: [{ media: w.media.id, duration: 9 }] }).expect(200);
    const after = await getConfig(a, w.screen.id, w.player).set('If-None-Match', `"${v1}"`).expect(200);
    expect(after.body.version).not.toBe(v1);
    expect(after.body.playlist.mediaItems[0].duration).toBe(9);
    expect(after.text).toBe(await freshJson(w.screen.id));
    await expect.poll(() => pushed.length >= 1).toBe(true);
    expect(pushed[0]!.version).toBe(after.body.version);
  });

  it('another instance answers the new version right after a change made through the first', async () => {
    const w = await world();
    const v1 = (await getConfig(b, w.screen.id, w.player).expect(200)).body.version as string;
    await getConfig(b, w.screen.id, w.player).set('If-None-Match', `"${v1}"`).expect(304); // cached on B

    await a.api.put(`/api/screens/${w.screen.id}`).set(w.c.auth).send({ name: 'Kasa' }).expect(200);
    // A publishes the invalidation to Redis before it answers; B gets it within moments.
    await expect.poll(async () => (await getConfig(b, w.screen.id, w.player)).body.version, { timeout: 1000 }).not.toBe(v1);
    const renamed = await getConfig(b, w.screen.id, w.player).expect(200);
    expect(renamed.body.screenName).toBe('Kasa');
    expect(renamed.text).toBe(await freshJson(w.screen.id));

    // Owner-wide changes (display settings) too.
    await a.api.put('/api/settings').set(w.c.auth).send({ fontSize: 41 }).expect(200);
    await expect.poll(async () => (await getConfig(b, w.screen.id, w.player)).body.displaySettings.fontSize, { timeout: 1000 }).toBe(41);
  });

  it('a deleted screen is 404 at once, though its config was cached', async () => {
    const w = await world();
    await getConfig(a, w.screen.id, w.c.auth).expect(200);
    await a.api.delete(`/api/screens/${w.screen.id}`).set(w.c.auth).expect(200);
    expect((await getConfig(a, w.screen.id, w.c.auth)).status).toBe(404);
  });

  it(`a revoked device is refused once the device check's ${DEVICE_LOOKUP_TTL_MS} ms window has passed`, async () => {
    const w = await world();
    await getConfig(a, w.screen.id, w.player).expect(200);
    await a.ctx.db.device.update({ where: { id: w.device.id }, data: { revokedAt: new Date() } });
    // Deliberate (docs/PERFORMANCE.md): within the window the cached check still lets it read.
    await getConfig(a, w.screen.id, w.player).expect(200);
    await expect.poll(async () => (await getConfig(a, w.screen.id, w.player)).status, { timeout: DEVICE_LOOKUP_TTL_MS + 200, interval: 100 }).toBe(401);
    const res = await getConfig(a, w.screen.id, w.player);
    expect([res.status, res.body.message]).toEqual([401, 'Bu cihazın erişimi kaldırılmış, lütfen yeniden eşleştirin']);
    // A device never seen by this instance is checked against the database at once.
    const res2 = await getConfig(b, w.screen.id, w.player);
    expect(res2.status).toBe(401);
  }, 15_000);
});

describe('ScreenConfigCache', () => {
  it('does not keep a build that an invalidation overtook, and expires entries after its TTL', async () => {
    const w = await world();
    let now = 1_000;
    const cache = new ScreenConfigCache(30_000, () => now);
    const built = await buildScreenConfigEntries(a.ctx.db, [w.screen.id], { publicBaseUrl: '', now: new Date() });
    const stamp = cache.stamp;
    cache.invalidate({ screenIds: [randomUUID()] });
    cache.fill(built, stamp);
    expect(cache.get(w.screen.id)).toBeUndefined();

    cache.fill(built, cache.stamp);
    expect(cache.get(w.screen.id)?.json()).toBe(JSON.stringify(built.get(w.screen.id)!.config));
    now += 30_000;
    expect(cache.get(w.screen.id)).toBeUndefined();

    cache.fill(built, cache.stamp);
    cache.invalidate({ ownerId: w.c.id });
    expect(cache.size).toBe(0);
  });
});

describe('presence writes', () => {
  it('connect writes lastSeenAt at once; a hello soon after reaches the dashboard but writes nothing; leaving writes', async () => {
    const w = await world();
    const status = record(await connectSocket(a, { token: w.c.token }), 'screen:status');
    const p = await connectSocket(a, { deviceToken: w.device.token, screenId: w.screen.id });
    await expect.poll(() => status.length >= 1).toBe(true);
    const lastSeen = async () => (await a.ctx.db.screen.findUniqueOrThrow({ where: { id: w.screen.id } })).lastSeenAt?.toISOString();
    const deviceSeen = async () => (await a.ctx.db.device.findUniqueOrThrow({ where: { id: w.device.id } })).lastSeenAt?.toISOString();
    expect(await lastSeen()).toBe(status[0]!.lastSeenAt);
    expect(await deviceSeen()).toBe(status[0]!.lastSeenAt);

    await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(status[0]!.lastSeenAt!)); // a later time to write
    p.emit('player:hello', { screenId: w.screen.id, version: 'v-1', appVersion: '1.0.0' });
    await expect.poll(() => status.length >= 2).toBe(true);
    expect(status[1]).toMatchObject({ online: true, version: 'v-1' });
    expect(status[1]!.lastSeenAt! > status[0]!.lastSeenAt!).toBe(true);
    // Whatever the hello started (a write would come before its status) has finished.
    await serverHandled(a, [p]);
    expect(await lastSeen()).toBe(status[0]!.lastSeenAt);

    p.close();
    await expect.poll(() => status.length >= 3).toBe(true);
    expect(status[2]).toMatchObject({ online: false });
    await expect.poll(lastSeen).toBe(status[2]!.lastSeenAt);
  });
});
