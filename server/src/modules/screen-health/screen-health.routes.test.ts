import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEALTH_WARN_MINUTES_DEFAULT, SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_PIXELS, SCREENSHOT_MAX_WIDTH, ZScreenHealthResponse, type TPlayerHealth,
} from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { storeHealthReport, storeHealthReports } from './screen-health.service.js';
import { tinyPng } from '../../storage/testing/sample-files.js';
import { screenshotPath } from './screenshots.js';
import { declaringSize, jpegOf, withScanReplaced } from './screenshots.fixtures.js';
import { SCREENSHOT_REQUESTS_PER_MINUTE, SCREENSHOT_UPLOADS_PER_MINUTE } from './screen-health.routes.js';

// docs/PRODUCT.md#screen-health: the health list, the warning time and the screenshot files.
// The socket side (reports, pushes, requests reaching players) is in realtime/screen-health-live.test.ts.
let t: TestApp;
let now = new Date('2026-11-24T10:00:00.000Z');
beforeAll(async () => {
  // Every customer is online nowhere here: no realtime layer.
  t = await createTestApp({ clock: () => now });
});
afterAll(async () => { await t.close(); });

const small = await jpegOf(64, 36);
const jpeg = () => small;
const report = (over: Partial<TPlayerHealth> = {}): TPlayerHealth => ({
  appVersion: '1.4.0', uptimeSec: 120, cacheBytes: 1_000_000, lastError: null, itemsFailed: 0, failing: false, playing: null, events: [], corruptFiles: [], ...over,
});

async function screenOf(owner: TestUser, name = 'Giriş', lastSeenAt: Date | null = null) {
  return t.ctx.db.screen.create({ data: { ownerId: owner.id, name, lastSeenAt } });
}
async function deviceOn(owner: TestUser, screenId: string | null) {
  const device = await t.ctx.db.device.create({ data: { ownerId: owner.id, name: 'Cihaz', screenId } });
  return { Authorization: `Bearer ${await t.ctx.tokens.signDevice(device.id, owner.id)}` };
}
/** A device set to show the screen, for reports stored without a socket. */
const reporterOn = async (owner: TestUser, screenId: string) => (await t.ctx.db.device.create({ data: { ownerId: owner.id, screenId } })).id;
const health = async (owner: TestUser) => ZScreenHealthResponse.parse((await t.http.get('/api/screens/health').set(owner.auth).expect(200)).body);

describe('GET /api/screens/health', () => {
  it('stores reports arriving together in one call, each for its own screen of its own owner only', async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const s1 = await screenOf(a, 'Giriş');
    const s2 = await screenOf(a, 'Kasa');
    const sb = await screenOf(b, 'Başka');
    const [d1, d2, db] = [await reporterOn(a, s1.id), await reporterOn(a, s2.id), await reporterOn(b, sb.id)];
    await storeHealthReports(t.ctx.db, [
      { screen: { id: s1.id, ownerId: a.id }, deviceId: d1, report: report({ appVersion: 'bir' }), at: now },
      { screen: { id: s2.id, ownerId: a.id }, deviceId: d2, report: report({ appVersion: 'iki', failing: true }), at: now },
      // Another owner's screen in the same batch is skipped, the rest stored.
      { screen: { id: sb.id, ownerId: a.id }, deviceId: db, report: report({ appVersion: 'sahte' }), at: now },
    ]);
    const mine = (await health(a)).screens;
    expect(mine.map((s) => s.report?.appVersion)).toEqual(['bir', 'iki']);
    expect(mine[1]).toMatchObject({ troubleSince: now.toISOString() });
    expect((await health(b)).screens[0]).toMatchObject({ report: null });
  });

  it('stores a report only from a device set to show that screen now, not one moved away or removed (issue #21)', async () => {
    const a = await newCustomer(t);
    const s1 = await screenOf(a, 'Giriş');
    const s2 = await screenOf(a, 'Kasa');
    const moved = await reporterOn(a, s1.id);
    const removed = await reporterOn(a, s1.id);
    // Their sockets on s1 outlived the move and the removal by a moment.
    await t.ctx.db.device.update({ where: { id: moved }, data: { screenId: s2.id } });
    await t.ctx.db.device.update({ where: { id: removed }, data: { revokedAt: now } });
    await storeHealthReports(t.ctx.db, [
      { screen: { id: s1.id, ownerId: a.id }, deviceId: moved, report: report({ failing: true }), at: now },
      { screen: { id: s1.id, ownerId: a.id }, deviceId: removed, report: report({ failing: true }), at: now },
    ]);
    expect(await t.ctx.db.screenHealth.findUnique({ where: { screenId: s1.id } })).toBeNull();
    await storeHealthReport(t.ctx.db, { id: s2.id, ownerId: a.id }, moved, report({ appVersion: 'taşındı' }), now);
    expect((await health(a)).screens.map((h) => h.report?.appVersion ?? null)).toEqual([null, 'taşındı']);
  });

  it('lists only the customer\'s own screens, with the last report and the default warning time', async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const s1 = await screenOf(a, 'Giriş');
    const s2 = await screenOf(a, 'Kasa');
    await screenOf(b, 'Başka');
    await storeHealthReport(t.ctx.db, { id: s1.id, ownerId: a.id }, await reporterOn(a, s1.id), report(), now);
    // A report for a screen of another owner is not stored.
    await storeHealthReport(t.ctx.db, { id: s2.id, ownerId: b.id }, await reporterOn(a, s2.id), report(), now);

    const res = await health(a);
    expect(res.warnMinutes).toBe(HEALTH_WARN_MINUTES_DEFAULT);
    expect(res.screens.map((s) => s.screenId)).toEqual([s1.id, s2.id]);
    expect(res.screens[0]).toMatchObject({ online: false, report: report(), reportedAt: now.toISOString(), screenshot: null });
    expect(res.screens[1]).toMatchObject({ report: null, reportedAt: null, troubleSince: null, problem: false });
    expect((await health(b)).screens).toHaveLength(1);
    expect((await t.http.get('/api/screens/health')).status).toBe(401);
  });

  it('an offline screen is in trouble since it was last seen, and a problem once the warning time passed', async () => {
    const a = await newCustomer(t);
    const seen = new Date(now.getTime() - 4 * 60_000);
    const screen = await screenOf(a, 'Giriş', seen);
    const never = await screenOf(a, 'Yeni');
    await reporterOn(a, screen.id);
    let res = await health(a);
    expect(res.screens[0]).toMatchObject({ screenId: screen.id, online: false, troubleSince: seen.toISOString(), problem: false });
    // Never shown by any player: not set up yet, so not in trouble.
    expect(res.screens[1]).toMatchObject({ screenId: never.id, troubleSince: null, problem: false });

    const later = now;
    now = new Date(now.getTime() + 61_000);
    try {
      res = await health(a);
      expect(res.screens[0]).toMatchObject({ troubleSince: seen.toISOString(), problem: true });
    } finally {
      now = later;
    }
  });

  it('a failing report counts from the first failing one, and a fine one ends it', async () => {
    const a = await newCustomer(t);
    const screen = { id: (await screenOf(a)).id, ownerId: a.id };
    const device = await reporterOn(a, screen.id);
    const first = new Date(now.getTime() - 10 * 60_000);
    await storeHealthReport(t.ctx.db, screen, device, report({ failing: true }), first);
    await storeHealthReport(t.ctx.db, screen, device, report({ failing: true, uptimeSec: 999 }), new Date(now.getTime() - 60_000));
    let [h] = (await health(a)).screens;
    // Offline since its last report, failing since before: the earlier counts.
    expect(h).toMatchObject({ troubleSince: first.toISOString(), problem: true });
    await storeHealthReport(t.ctx.db, screen, device, report({ failing: false }), now);
    [h] = (await health(a)).screens;
    expect(h).toMatchObject({ troubleSince: now.toISOString(), problem: false });
  });
});

describe('a screen its device left', () => {
  it('is not in trouble once no device shows it: moved to another screen or removed (issue #21)', async () => {
    const a = await newCustomer(t);
    const lobby = await screenOf(a, 'Lobi', new Date(now.getTime() - 60 * 60_000));
    const desk = await screenOf(a, 'Danışma');
    const device = { id: await reporterOn(a, lobby.id) };
    await storeHealthReport(t.ctx.db, { id: lobby.id, ownerId: a.id }, device.id, report({ failing: true }), new Date(now.getTime() - 30 * 60_000));
    // Both screens are created in the same instant as often as not: the lobby is found by id.
    const lobbyNow = async () => (await health(a)).screens.find((s) => s.screenId === lobby.id);
    expect(await lobbyNow()).toMatchObject({ screenId: lobby.id, problem: true });

    // Moved for a moment to the desk screen: the lobby has no device now.
    await t.http.put(`/api/devices/${device.id}`).set(a.auth).send({ screenId: desk.id }).expect(200);
    expect(await lobbyNow()).toMatchObject({ screenId: lobby.id, troubleSince: null, problem: false, report: null });

    // Back, then removed ('Cihazı Kaldır'): the same.
    await t.http.put(`/api/devices/${device.id}`).set(a.auth).send({ screenId: lobby.id }).expect(200);
    expect(await lobbyNow()).toMatchObject({ problem: true });
    await t.http.delete(`/api/devices/${device.id}`).set(a.auth).expect(200);
    expect(await lobbyNow()).toMatchObject({ screenId: lobby.id, troubleSince: null, problem: false });
  });
});

describe('PUT /api/settings/health', () => {
  it('saves the warning time, used by the health list', async () => {
    const a = await newCustomer(t);
    expect((await t.http.get('/api/settings/health').set(a.auth).expect(200)).body).toEqual({ warnMinutes: 5 });
    expect((await t.http.put('/api/settings/health').set(a.auth).send({ warnMinutes: '30' }).expect(200)).body).toEqual({ warnMinutes: 30 });
    expect((await health(a)).warnMinutes).toBe(30);
    const b = await newCustomer(t);
    expect((await health(b)).warnMinutes).toBe(5);
  });

  it.each([
    [{ warnMinutes: 0 }, 'Uyarı süresi en az 1 dakika olmalıdır'],
    [{ warnMinutes: 1441 }, 'Uyarı süresi en fazla 1440 dakika olabilir'],
    [{ warnMinutes: 2.5 }, 'Uyarı süresi tam sayı olmalıdır'],
    [{ warnMinutes: 'beş' }, 'Uyarı süresi bir sayı olmalıdır'],
    [{}, 'Uyarı süresi bir sayı olmalıdır'],
  ])('refuses %j in Turkish and writes nothing', async (body, message) => {
    const a = await newCustomer(t);
    const res = await t.http.put('/api/settings/health').set(a.auth).send(body).expect(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect(await t.ctx.db.healthSettings.findUnique({ where: { ownerId: a.id } })).toBeNull();
  });
});

describe('POST /api/screens/{id}/screenshot', () => {
  it('404 for another customer\'s screen, 409 in Turkish when no player is connected', async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const screen = await screenOf(a);
    expect((await t.http.post(`/api/screens/${screen.id}/screenshot`).set(b.auth).expect(404)).body.code).toBe('NOT_FOUND');
    const res = await t.http.post(`/api/screens/${screen.id}/screenshot`).set(a.auth).expect(409);
    expect(res.body.message).toBe('Ekran şu anda çevrimdışı, ekran görüntüsü alınamıyor');
  });

  it('429 in Turkish past the per-minute count for one screen; the next screen and another person count on their own', async () => {
    const a = await newCustomer(t);
    const screen = await screenOf(a, 'Giriş');
    const other = await screenOf(a, 'Kasa');
    const ask = (u: TestUser, id: string) => t.http.post(`/api/screens/${id}/screenshot`).set(u.auth);
    for (let i = 0; i < SCREENSHOT_REQUESTS_PER_MINUTE; i++) expect((await ask(a, screen.id)).status).toBe(409);
    const res = await ask(a, screen.id).expect(429);
    expect(res.body).toEqual({ code: 'RATE_LIMITED', message: 'Bu ekrandan çok sık ekran görüntüsü istendi. Lütfen biraz bekleyip tekrar deneyin.' });
    expect((await ask(a, other.id)).status).toBe(409);
    // Someone else knowing the id cannot use up the owner's count: theirs is their own (and a 404).
    const b = await newCustomer(t);
    expect((await ask(b, screen.id)).status).toBe(404);
  });
});

describe('PUT /api/devices/screenshot and GET /api/screens/{id}/screenshot', () => {
  it('stores the device\'s screen image and serves it to the owner only, privately', async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const screen = await screenOf(a);
    const device = await deviceOn(a, screen.id);
    expect((await t.http.get(`/api/screens/${screen.id}/screenshot`).set(a.auth).expect(404)).body.message).toBe('Henüz ekran görüntüsü yok');

    const image = jpeg();
    const up = await t.http.put('/api/devices/screenshot?kind=screenshot').set(device).set('Content-Type', 'image/jpeg').send(image).expect(201);
    expect(up.body).toEqual({ takenAt: now.toISOString(), kind: 'screenshot' });

    const got = await t.http.get(`/api/screens/${screen.id}/screenshot`).set(a.auth).responseType('blob').expect(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(got.body as Buffer, image)).toBe(0);
    expect((await health(a)).screens[0]!.screenshot).toEqual({ takenAt: now.toISOString(), kind: 'screenshot' });

    expect((await t.http.get(`/api/screens/${screen.id}/screenshot`).set(b.auth)).status).toBe(404);
    expect((await t.http.get(`/api/screens/${screen.id}/screenshot`)).status).toBe(401);
    // A device token is not a user's.
    expect((await t.http.get(`/api/screens/${screen.id}/screenshot`).set(device)).status).toBe(401);

    // A thumbnail later is the newest.
    now = new Date(now.getTime() + 1000);
    await t.http.put('/api/devices/screenshot?kind=thumbnail').set(device).set('Content-Type', 'image/jpeg').send(jpeg()).expect(201);
    expect((await health(a)).screens[0]!.screenshot).toEqual({ takenAt: now.toISOString(), kind: 'thumbnail' });
  });

  it('429 in Turkish past the per-minute count of one device; another device counts on its own', async () => {
    const a = await newCustomer(t);
    const screen = await screenOf(a);
    const device = await deviceOn(a, screen.id);
    const second = await deviceOn(a, screen.id);
    const put = (d: Record<string, string>) => t.http.put('/api/devices/screenshot?kind=thumbnail').set(d).set('Content-Type', 'image/jpeg').send(jpeg());
    for (let i = 0; i < SCREENSHOT_UPLOADS_PER_MINUTE; i++) expect((await put(device)).status).toBe(201);
    const res = await put(device).expect(429);
    expect(res.body).toEqual({ code: 'RATE_LIMITED', message: 'Çok sık ekran görüntüsü gönderildi. Lütfen biraz bekleyip tekrar deneyin.' });
    expect((await put(second)).status).toBe(201);
  });

  it('refuses a missing token, a wrong type, non-JPEG bytes, an empty or too big body, a bad kind: in Turkish, nothing stored', async () => {
    const a = await newCustomer(t);
    const screen = await screenOf(a);
    const device = await deviceOn(a, screen.id);
    const put = (kind = 'screenshot') => t.http.put(`/api/devices/screenshot?kind=${kind}`);

    expect((await put().set('Content-Type', 'image/jpeg').send(jpeg())).status).toBe(401);
    expect((await put().set(a.auth).set('Content-Type', 'image/jpeg').send(jpeg())).status).toBe(401);
    let res = await put().set(device).set('Content-Type', 'image/png').send(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Ekran görüntüsü JPEG (image/jpeg) olarak gönderilmelidir');
    res = await put().set(device).set('Content-Type', 'image/jpeg').send(Buffer.from('<svg onload=alert(1)>'));
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Geçersiz JPEG dosyası. Ekran görüntüsü JPEG olarak gönderilmelidir.');
    res = await put().set(device).set('Content-Type', 'image/jpeg').send(Buffer.concat([jpeg(), Buffer.alloc(SCREENSHOT_MAX_BYTES, 7)]));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Ekran görüntüsü çok büyük. En fazla 2 MB olabilir.');
    res = await put().set(device).set('Content-Type', 'image/jpeg').send(Buffer.alloc(0));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Ekran görüntüsü boş');
    res = await put('poster').set(device).set('Content-Type', 'image/jpeg').send(jpeg());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Görüntü türü 'screenshot' ya da 'thumbnail' olmalıdır");

    expect(await t.ctx.db.screenHealth.findUnique({ where: { screenId: screen.id } })).toBeNull();
    expect(existsSync(screenshotPath(t.dataDir, screen.id, 'screenshot'))).toBe(false);

    const unassigned = await deviceOn(a, null);
    res = await put().set(unassigned).set('Content-Type', 'image/jpeg').send(jpeg());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cihaz henüz bir ekrana bağlı değil');
  });

  it('refuses what is no real JPEG (415) and a picture wider than 1280 px or of too many pixels (413): in Turkish, nothing stored', async () => {
    const a = await newCustomer(t);
    const screen = await screenOf(a);
    const device = await deviceOn(a, screen.id);
    const put = (body: Buffer) => t.http.put('/api/devices/screenshot?kind=screenshot').set(device).set('Content-Type', 'image/jpeg').send(body);
    const notJpeg = 'Geçersiz JPEG dosyası. Ekran görüntüsü JPEG olarak gönderilmelidir.';

    const refused: [Buffer, number, string][] = [
      // The upload: a small file whose header says 16,000 × 16,000 px.
      [declaringSize(jpeg(), 16_000, 16_000), 413, `Ekran görüntüsü en fazla ${SCREENSHOT_MAX_WIDTH} piksel genişliğinde olabilir.`],
      [await jpegOf(SCREENSHOT_MAX_WIDTH + 1, 8), 413, 'Ekran görüntüsü en fazla 1280 piksel genişliğinde olabilir.'],
      [await jpegOf(SCREENSHOT_MAX_WIDTH, SCREENSHOT_MAX_PIXELS / SCREENSHOT_MAX_WIDTH + 1), 413, 'Ekran görüntüsü en fazla 3,3 milyon piksel olabilir.'],
      [declaringSize(jpeg(), 640, 60_000), 413, 'Ekran görüntüsü en fazla 3,3 milyon piksel olabilir.'],
      // The JPEG signature followed by a page, and a JPEG's headers with a page instead of its image data.
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html><script>alert(1)</script></html>')]), 415, notJpeg],
      [withScanReplaced(jpeg(), Buffer.from('<html><script>alert(1)</script></html>')), 415, notJpeg],
      [jpeg().subarray(0, jpeg().length - 20), 415, notJpeg],
      [tinyPng(), 415, notJpeg],
    ];
    for (const [body, status, message] of refused) {
      const res = await put(body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    expect(await t.ctx.db.screenHealth.findUnique({ where: { screenId: screen.id } })).toBeNull();
    expect(existsSync(screenshotPath(t.dataDir, screen.id, 'screenshot'))).toBe(false);

    // The largest allowed: full width, twice as tall.
    await put(await jpegOf(SCREENSHOT_MAX_WIDTH, SCREENSHOT_MAX_PIXELS / SCREENSHOT_MAX_WIDTH)).expect(201);
  });

  it('deleting the screen removes its images', async () => {
    const a = await newCustomer(t);
    const screen = await screenOf(a);
    const device = await deviceOn(a, screen.id);
    await t.http.put('/api/devices/screenshot').set(device).set('Content-Type', 'image/jpeg').send(jpeg()).expect(201);
    await t.http.put('/api/devices/screenshot?kind=thumbnail').set(device).set('Content-Type', 'image/jpeg').send(jpeg()).expect(201);
    expect(existsSync(screenshotPath(t.dataDir, screen.id, 'screenshot'))).toBe(true);
    expect(existsSync(screenshotPath(t.dataDir, screen.id, 'thumbnail'))).toBe(true);

    await t.http.delete(`/api/screens/${screen.id}`).set(a.auth).expect(200);
    expect(existsSync(screenshotPath(t.dataDir, screen.id, 'screenshot'))).toBe(false);
    expect(existsSync(screenshotPath(t.dataDir, screen.id, 'thumbnail'))).toBe(false);
    expect(await t.ctx.db.screenHealth.findUnique({ where: { screenId: screen.id } })).toBeNull();
  });
});
