import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZMedia, ZMediaList, ZMyPackage, ZPlaylist, ZScreenConfig, type TAppSettingsInput } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeGroup, makeMedia, makePlaylist, makeSchedule, makeScreen, recordingNotifier } from '../screens/content.fixtures.js';
import { tinyPng } from '../../storage/testing/sample-files.js';
import { deviceFor, play } from '../../../test/plays.fixtures.js';
import { APP_FETCHING_SAVES_PER_MINUTE } from './media.routes.js';

/*
 * Web apps' pages are a local server answering with the framing headers of real sites; the app
 * may fetch it because private addresses are allowed here (FETCH_ALLOW_PRIVATE=1), except in
 * the test that turns that off. `asked` records what reached it.
 */
let site: http.Server;
let base: string;
const asked: string[] = [];
const PAGES: Record<string, Record<string, string | string[]>> = {
  '/ok': {},
  '/deny': { 'x-frame-options': 'DENY' },
  '/sameorigin': { 'x-frame-options': 'sameorigin' },
  '/csp-none': { 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" },
  '/csp-partner': { 'content-security-policy': "frame-ancestors 'self' https://partner.example" },
  // frame-ancestors wins over X-Frame-Options, as in browsers.
  '/csp-any': { 'content-security-policy': 'frame-ancestors *', 'x-frame-options': 'DENY' },
  '/csp-two': { 'content-security-policy': ['frame-ancestors https:', "frame-ancestors 'self'"] },
};

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => {
  site = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const url = req.url ?? '/';
    if (url === '/no-head' && req.method === 'HEAD') { res.statusCode = 405; res.end(); return; }
    if (url === '/no-head') { res.setHeader('x-frame-options', 'DENY'); res.end('<p>sayfa</p>'); return; }
    if (url === '/moved') { res.statusCode = 302; res.setHeader('location', '/deny'); res.end(); return; }
    const headers = PAGES[url];
    if (!headers) { res.statusCode = 404; res.end(); return; }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.end('<p>sayfa</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({ notifier, config: { fetchAllowPrivate: true } });
});
afterAll(async () => {
  await t.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});
beforeEach(() => { notifier.reset(); asked.length = 0; });

/** The test site's address in place of `http://site.test` (the cases are written before it listens). */
const onSite = <T>(o: T): T => JSON.parse(JSON.stringify(o).replaceAll('http://site.test', base)) as T;

const createApp = (u: TestUser, body: unknown) => t.http.post('/api/media/apps').set(u.auth).send(body as object);
const update = (u: TestUser, id: string, body: unknown) => t.http.put(`/api/media/${id}`).set(u.auth).send(body as object);
const made = async (u: TestUser, name: string, app: TAppSettingsInput) => ZMedia.parse((await createApp(u, { name, app }).expect(201)).body);
const rowsOf = (u: TestUser) => t.ctx.db.media.findMany({ where: { ownerId: u.id }, orderBy: { createdAt: 'asc' } });

/** One valid app of every kind, with the settings it is saved with (defaults filled in). */
const KINDS: [TAppSettingsInput, object][] = [
  [{ kind: 'clock' }, { kind: 'clock', style: 'digital', showDate: true, showSeconds: false }],
  [{ kind: 'text', title: ' Menü ', body: 'Çorba\nPilav' }, { kind: 'text', title: 'Menü', body: 'Çorba\nPilav', background: '#1E3A8A', textColor: '#FFFFFF', align: 'center' }],
  [{ kind: 'web', url: 'http://site.test/ok', refreshSeconds: 300, zoom: 150 }, { kind: 'web', url: 'http://site.test/ok', refreshSeconds: 300, zoom: 150 }],
  [{ kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' }, { kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' }],
  [{ kind: 'stream', url: 'https://cdn.example.com/live/index.m3u8' }, { kind: 'stream', url: 'https://cdn.example.com/live/index.m3u8' }],
  [{ kind: 'rss', url: 'https://example.com/feed.xml' }, { kind: 'rss', url: 'https://example.com/feed.xml', maxItems: 5, style: 'list' }],
  [{ kind: 'weather', city: 'İzmir', latitude: 38.42, longitude: 27.14 }, { kind: 'weather', city: 'İzmir', latitude: 38.42, longitude: 27.14 }],
  [{ kind: 'qr', url: 'https://example.com/anket' }, { kind: 'qr', url: 'https://example.com/anket', caption: '' }],
  [{ kind: 'countdown', title: 'Açılış', target: '2027-01-01T00:00:00+03:00' }, { kind: 'countdown', title: 'Açılış', target: '2027-01-01T00:00:00+03:00', finishedText: '' }],
];

describe('POST /api/media/apps', () => {
  it.each(KINDS)('creates a %o app as media of type app, without a file or size', async (input, saved) => {
    const u = await newCustomer(t);
    const [app, kept] = onSite([input, saved]);
    const res = await createApp(u, { name: '  Uygulamam ', app });
    expect(res.status).toBe(201);
    const m = ZMedia.parse(res.body);
    expect(m).toMatchObject({ name: 'Uygulamam', type: 'app', mediaType: 'Uygulama', filePath: '', size: 0, app: kept });
    expect(m.warning).toBeUndefined();
    const [row] = await rowsOf(u);
    expect(row).toMatchObject({ id: m._id, kind: 'app', fileName: null, sizeBytes: 0n, mime: '', app: kept, appData: null });
    // Only a web app's page is asked (whether it may be framed).
    expect(asked).toEqual(input.kind === 'web' ? ['HEAD /ok'] : []);
  });

  it('lists apps beside files, newest first, and counts no storage for them', async () => {
    const u = await newCustomer(t);
    const file = ZMedia.parse((await t.http.post('/api/media/upload').set(u.auth).field('name', 'Afiş').attach('file', tinyPng(), 'a.png').expect(201)).body);
    await made(u, 'Saat', { kind: 'clock' });
    await made(u, 'Hava', { kind: 'weather', city: 'Ankara', latitude: 39.93, longitude: 32.85 });
    const list = ZMediaList.parse((await t.http.get('/api/media').set(u.auth).expect(200)).body);
    expect(list.map((m) => [m.name, m.type, m.app?.kind])).toEqual([['Hava', 'app', 'weather'], ['Saat', 'app', 'clock'], ['Afiş', 'image', undefined]]);
    const pkg = ZMyPackage.parse((await t.http.get(`/api/purchase/my-package/${u.id}`).set(u.auth).expect(200)).body);
    expect(pkg.usage.mediaUsage.usedBytes).toBe(file.size);
  });

  it('is allowed with the storage full: an app takes no space', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 0 });
    await made(u, 'Saat', { kind: 'clock' });
    expect(await rowsOf(u)).toHaveLength(1);
  });

  it('keeps HTML in a text app as text, as it was typed', async () => {
    const u = await newCustomer(t);
    const body = '<script>alert(1)</script>\n<b>Kalın</b> & "tırnak"';
    const m = await made(u, '<i>Duyuru</i>', { kind: 'text', title: '<h1>Başlık</h1>', body });
    expect(m.name).toBe('<i>Duyuru</i>');
    expect(m.app).toMatchObject({ kind: 'text', title: '<h1>Başlık</h1>', body });
    expect((await rowsOf(u))[0]?.app).toMatchObject({ body });
  });

  it('keeps only the settings of the kind: unknown fields and a client\'s own ids or sizes are dropped', async () => {
    const u = await newCustomer(t);
    const res = await createApp(u, {
      name: 'Saat', _id: randomUUID(), size: 999, filePath: '/uploads/x.png', ownerId: randomUUID(),
      app: { kind: 'clock', script: '<script>', appData: { fetchedAt: 'x' } },
    }).expect(201);
    const [row] = await rowsOf(u);
    expect(row).toMatchObject({ id: res.body._id, ownerId: u.id, sizeBytes: 0n, fileName: null, appData: null });
    expect(row?.app).toEqual({ kind: 'clock', style: 'digital', showDate: true, showSeconds: false });
  });

  const invalid: [string, unknown, string][] = [
    ['no name', { app: { kind: 'clock' } }, 'Lütfen uygulama adını giriniz'],
    ['a blank name', { name: '   ', app: { kind: 'clock' } }, 'Lütfen uygulama adını giriniz'],
    ['no settings', { name: 'X' }, 'Geçersiz uygulama türü'],
    ['an unknown kind', { name: 'X', app: { kind: 'html', html: '<p>' } }, 'Geçersiz uygulama türü'],
    ['a kind that is no string', { name: 'X', app: { kind: 7 } }, 'Geçersiz uygulama türü'],
    ['a javascript: address', { name: 'X', app: { kind: 'web', url: 'javascript:alert(1)' } }, 'Sayfa adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır'],
    ['a file: address', { name: 'X', app: { kind: 'rss', url: 'file:///etc/passwd' } }, 'Haber kaynağı adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır'],
    ['no address at all', { name: 'X', app: { kind: 'web', url: 'menü' } }, 'Sayfa adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır'],
    ['a refresh of 30 s', { name: 'X', app: { kind: 'web', url: 'https://a.example', refreshSeconds: 30 } }, 'Yenileme süresi 0 ya da 60 ile 86400 saniye arasında olmalıdır'],
    ['a zoom of 401 %', { name: 'X', app: { kind: 'web', url: 'https://a.example', zoom: 401 } }, 'Yakınlaştırma 25 ile 400 arasında bir tam sayı olmalıdır'],
    ['a zoom of 24 %', { name: 'X', app: { kind: 'web', url: 'https://a.example', zoom: 24 } }, 'Yakınlaştırma 25 ile 400 arasında bir tam sayı olmalıdır'],
    ['21 feed items', { name: 'X', app: { kind: 'rss', url: 'https://a.example/f', maxItems: 21 } }, 'Haber sayısı 1 ile 20 arasında bir tam sayı olmalıdır'],
    ['0 feed items', { name: 'X', app: { kind: 'rss', url: 'https://a.example/f', maxItems: 0 } }, 'Haber sayısı 1 ile 20 arasında bir tam sayı olmalıdır'],
    ['a latitude of 91', { name: 'X', app: { kind: 'weather', city: 'K', latitude: 91, longitude: 0 } }, 'Enlem -90 ile 90 arasında olmalıdır'],
    ['a longitude of -181', { name: 'X', app: { kind: 'weather', city: 'K', latitude: 0, longitude: -181 } }, 'Boylam -180 ile 180 arasında olmalıdır'],
    ['a weather app without a city', { name: 'X', app: { kind: 'weather', latitude: 0, longitude: 0 } }, 'Lütfen şehir adını giriniz'],
    ['a page that is no video', { name: 'X', app: { kind: 'youtube', url: 'https://www.youtube.com/feed/trending' } }, 'Geçerli bir YouTube video adresi giriniz (izleme, paylaşım ya da embed adresi)'],
    ['a stream that is no HLS', { name: 'X', app: { kind: 'stream', url: 'https://cdn.example.com/live.mp4' } }, 'Yayın adresi bir HLS adresi (.m3u8) olmalıdır'],
    ['an empty announcement', { name: 'X', app: { kind: 'text', title: ' ', body: '' } }, 'Lütfen bir başlık ya da metin giriniz'],
    ['a colour that is no colour', { name: 'X', app: { kind: 'text', body: 'a', background: 'red' } }, 'Arka plan rengi'],
    ['a clock style of its own', { name: 'X', app: { kind: 'clock', style: 'binary' } }, 'Saat biçimi dijital ya da analog olmalıdır'],
    ['a target that is no date', { name: 'X', app: { kind: 'countdown', title: 'A', target: 'yarın' } }, 'Hedef zaman geçerli bir tarih olmalıdır'],
  ];
  it.each(invalid)('refuses %s with 400 and a Turkish message, storing nothing', async (_, body, message) => {
    const u = await newCustomer(t);
    const res = await createApp(u, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toContain(message);
    expect(await rowsOf(u)).toEqual([]);
  });

  it('401 without a token, 402 without a package, nothing stored', async () => {
    expect((await t.http.post('/api/media/apps').send({ name: 'X', app: { kind: 'clock' } })).status).toBe(401);
    const noPkg = await newUser(t);
    expect((await createApp(noPkg, { name: 'X', app: { kind: 'clock' } })).status).toBe(402);
    expect(await t.ctx.db.media.count({ where: { ownerId: noPkg.id } })).toBe(0);
  });

  it('saves of news and weather apps, each a fetch by the server, are limited per person; other saves are not', async () => {
    const u = await newCustomer(t);
    const feed = (i: number) => ({ name: `Haber ${i}`, app: { kind: 'rss', url: `${base}/feed-${i}` } });
    for (let i = 0; i < APP_FETCHING_SAVES_PER_MINUTE; i++) await createApp(u, feed(i)).expect(201);
    const over = await createApp(u, feed(99));
    expect([over.status, over.body.message]).toEqual([429, 'Çok sık haber ya da hava durumu uygulaması kaydedildi. Lütfen biraz bekleyip tekrar deneyin.']);
    const first = (await rowsOf(u)).find((m) => m.name === 'Haber 0')!;
    const moved = await update(u, first.id, { app: { kind: 'rss', url: `${base}/elsewhere` } });
    expect(moved.status).toBe(429);
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(APP_FETCHING_SAVES_PER_MINUTE);
    // Nothing fetched is still saved and renamed as before, and someone else behind the same address is not held back.
    await createApp(u, { name: 'Saat', app: { kind: 'clock' } }).expect(201);
    await update(u, first.id, { name: 'Yeni ad' }).expect(200);
    await createApp(await newCustomer(t), feed(0)).expect(201);
  });
});

describe('PUT /api/media/:id', () => {
  it('renames a file and keeps everything else', async () => {
    const u = await newCustomer(t);
    const file = await makeMedia(t, u.id, 'image', 'Eski');
    const m = ZMedia.parse((await update(u, file.id, { name: ' Yeni ' }).expect(200)).body);
    expect(m).toMatchObject({ _id: file.id, name: 'Yeni', type: 'image', filePath: `/uploads/${file.fileName}` });
    expect(m.app).toBeUndefined();
    expect(await t.ctx.db.media.findUnique({ where: { id: file.id } })).toMatchObject({ name: 'Yeni', fileName: file.fileName, sizeBytes: 1234n });
  });

  it('replaces an app\'s settings and name; settings left out take their defaults again', async () => {
    const u = await newCustomer(t);
    const app = await made(u, 'Sayfa', { kind: 'web', url: `${base}/ok`, refreshSeconds: 600, zoom: 80 });
    const m = ZMedia.parse((await update(u, app._id, { name: 'Menü', app: { kind: 'web', url: `${base}/csp-any` } }).expect(200)).body);
    expect(m).toMatchObject({ name: 'Menü', type: 'app', app: { kind: 'web', url: `${base}/csp-any`, refreshSeconds: 0, zoom: 100 } });
    expect((await rowsOf(u))[0]?.app).toEqual({ kind: 'web', url: `${base}/csp-any`, refreshSeconds: 0, zoom: 100 });
    // The name alone keeps the settings.
    const renamed = ZMedia.parse((await update(u, app._id, { name: 'Menü 2' }).expect(200)).body);
    expect(renamed.app).toEqual(m.app);
  });

  it('drops the fetched items of a feed whose address changes, keeps them when only its look does', async () => {
    const u = await newCustomer(t);
    const app = await made(u, 'Haberler', { kind: 'rss', url: 'https://a.example/rss' });
    const appData = { fetchedAt: '2026-11-27T10:00:00.000Z', items: [{ title: 'Başlık', summary: '', publishedAt: null }] };
    await t.ctx.db.media.update({ where: { id: app._id }, data: { appData } });
    await update(u, app._id, { app: { kind: 'rss', url: 'https://a.example/rss', maxItems: 3, style: 'ticker' } }).expect(200);
    expect((await rowsOf(u))[0]?.appData).toEqual(appData);
    await update(u, app._id, { app: { kind: 'rss', url: 'https://b.example/rss' } }).expect(200);
    expect((await rowsOf(u))[0]?.appData).toBeNull();
  });

  it('refuses a new kind, settings for a file and an empty change with 400, changing nothing', async () => {
    const u = await newCustomer(t);
    const app = await made(u, 'Saat', { kind: 'clock', style: 'analog' });
    const file = await makeMedia(t, u.id, 'video', 'Video');
    const before = await rowsOf(u);
    const cases: [string, unknown, string][] = [
      [app._id, { name: 'Duyuru', app: { kind: 'text', body: 'Merhaba' } }, 'Uygulamanın türü değiştirilemez'],
      [file.id, { name: 'Saat', app: { kind: 'clock' } }, 'Yalnızca uygulamaların ayarları değiştirilebilir'],
      [app._id, {}, 'Değiştirilecek bir alan giriniz'],
      [app._id, { name: '' }, 'Lütfen medya adını giriniz'],
      [app._id, { app: { kind: 'clock', style: 'sundial' } }, 'Saat biçimi dijital ya da analog olmalıdır'],
      [app._id, { app: { kind: 'nope' } }, 'Geçersiz uygulama türü'],
    ];
    for (const [id, body, message] of cases) {
      const res = await update(u, id, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await t.http.put('/api/media/not-a-uuid').set(u.auth).send({ name: 'X' })).status).toBe(400);
    expect(await rowsOf(u)).toEqual(before);
    expect(notifier.calls).toEqual([]);
  });

  it('answers 404 for another customer\'s item and an unknown id, changing and pushing nothing', async () => {
    const [owner, other] = [await newCustomer(t), await newCustomer(t)];
    const app = await made(owner, 'Saat', { kind: 'clock' });
    const file = await makeMedia(t, owner.id, 'image', 'Afiş');
    await makeScreen(t, owner.id, { currentPlaylistId: (await makePlaylist(t, owner.id, [{ mediaId: app._id }, { mediaId: file.id }])).id });
    const before = await rowsOf(owner);
    for (const [id, body] of [[app._id, { name: 'Ele geçti', app: { kind: 'clock', style: 'analog' } }], [file.id, { name: 'Ele geçti' }], [randomUUID(), { name: 'X' }]] as const) {
      const res = await update(other, id, body);
      expect([res.status, res.body.message]).toEqual([404, 'Medya bulunamadı']);
    }
    expect(await rowsOf(owner)).toEqual(before);
    expect(notifier.calls).toEqual([]);
  });

  it('pushes every screen showing the item once: by assignment, by schedule, through a group', async () => {
    const u = await newCustomer(t);
    const app = await made(u, 'Saat', { kind: 'clock' });
    const other = await makeMedia(t, u.id);
    const twice = await makePlaylist(t, u.id, [{ mediaId: app._id }, { mediaId: other.id }, { mediaId: app._id }], 'İki kez');
    const scheduled = await makePlaylist(t, u.id, [{ mediaId: app._id }], 'Öğle');
    const without = await makePlaylist(t, u.id, [{ mediaId: other.id }], 'Başka');
    const assigned = await makeScreen(t, u.id, { name: 'Atanmış', currentPlaylistId: twice.id });
    const both = await makeScreen(t, u.id, { name: 'İkisi', currentPlaylistId: twice.id });
    const bySchedule = await makeScreen(t, u.id, { name: 'Takvim', currentPlaylistId: without.id });
    const inGroup = await makeScreen(t, u.id, { name: 'Grupta' });
    await makeScreen(t, u.id, { name: 'İlgisiz', currentPlaylistId: without.id });
    const group = await makeGroup(t, u.id, 'Şubeler', [inGroup.id, both.id]);
    await makeSchedule(t, u.id, { playlistId: scheduled.id, screenIds: [bySchedule.id, both.id], groupIds: [group.id] });
    await makeSchedule(t, u.id, { playlistId: without.id, screenIds: [assigned.id] });

    await update(u, app._id, { app: { kind: 'clock', style: 'analog' } }).expect(200);
    expect(notifier.calls).toEqual([[assigned.id, both.id, bySchedule.id, inGroup.id].sort()]);
    notifier.reset();
    await update(u, app._id, { name: 'Yeni ad' }).expect(200);
    expect(notifier.calls).toEqual([[assigned.id, both.id, bySchedule.id, inGroup.id].sort()]);
  });

  it('pushes nothing for an item no screen shows', async () => {
    const u = await newCustomer(t);
    const app = await made(u, 'Saat', { kind: 'clock' });
    await makeScreen(t, u.id, { currentPlaylistId: (await makePlaylist(t, u.id, [{ mediaId: (await makeMedia(t, u.id)).id }])).id });
    await update(u, app._id, { name: 'Başka' }).expect(200);
    expect(notifier.calls).toEqual([]);
  });
});

describe('a web app\'s page refusing to be framed', () => {
  const XFO = 'Bu site başka sayfaların içinde gösterilmeyi reddediyor (X-Frame-Options). Ekranda boş görünebilir.';
  const CSP = 'Bu site başka sayfaların içinde gösterilmeyi reddediyor (Content-Security-Policy frame-ancestors). Ekranda boş görünebilir.';
  const cases: [string, string | undefined][] = [
    ['/ok', undefined], ['/deny', XFO], ['/sameorigin', XFO], ['/csp-none', CSP], ['/csp-partner', CSP], ['/csp-any', undefined],
    ['/csp-two', CSP], ['/moved', XFO], ['/no-head', XFO],
    ['/missing', 'Sayfa denetlenemedi: site 404 yanıtı verdi. Ekranda boş görünebilir.'],
  ];
  it.each(cases)('%s: the app is saved, with warning %j', async (path, warning) => {
    const u = await newCustomer(t);
    const m = ZMedia.parse((await createApp(u, { name: 'Sayfa', app: { kind: 'web', url: `${base}${path}` } }).expect(201)).body);
    expect(m.warning).toBe(warning);
    expect((await rowsOf(u)).map((r) => r.id)).toEqual([m._id]);
  });

  it('is asked again when the settings change, not for a new name alone', async () => {
    const u = await newCustomer(t);
    const app = await made(u, 'Sayfa', { kind: 'web', url: `${base}/ok` });
    asked.length = 0;
    const changed = ZMedia.parse((await update(u, app._id, { app: { kind: 'web', url: `${base}/deny`, zoom: 150 } }).expect(200)).body);
    expect([changed.warning, changed.app]).toEqual([XFO, { kind: 'web', url: `${base}/deny`, zoom: 150, refreshSeconds: 0 }]);
    expect(asked).toEqual(['HEAD /deny']);
    const renamed = ZMedia.parse((await update(u, app._id, { name: 'Menü' }).expect(200)).body);
    expect(renamed.warning).toBeUndefined();
    expect(asked).toEqual(['HEAD /deny']);
  });

  it('asks nothing for a refused request: another customer\'s app, a new kind, a wrong field', async () => {
    const [owner, other] = [await newCustomer(t), await newCustomer(t)];
    const web = await made(owner, 'Sayfa', { kind: 'web', url: `${base}/ok` });
    const clock = await made(owner, 'Saat', { kind: 'clock' });
    asked.length = 0;
    expect((await update(other, web._id, { app: { kind: 'web', url: `${base}/deny` } })).status).toBe(404);
    expect((await update(owner, clock._id, { app: { kind: 'web', url: `${base}/deny` } })).status).toBe(400);
    expect((await update(owner, web._id, { app: { kind: 'web', url: `${base}/deny`, zoom: 1000 } })).status).toBe(400);
    expect((await createApp(owner, { name: '', app: { kind: 'web', url: `${base}/deny` } })).status).toBe(400);
    expect(asked).toEqual([]);
    expect((await rowsOf(owner)).map((r) => r.app)).toEqual([web.app, clock.app]);
  });

  it('never reaches a private address unless FETCH_ALLOW_PRIVATE=1: the app is saved with a warning', async () => {
    const u = await newCustomer(t);
    t.ctx.config.fetchAllowPrivate = false;
    try {
      const m = ZMedia.parse((await createApp(u, { name: 'İç ağ', app: { kind: 'web', url: `${base}/ok` } }).expect(201)).body);
      expect(m.warning).toBe('Sayfa denetlenemedi: Adres iç ağa işaret ediyor. Ekranda boş görünebilir.');
      const local = ZMedia.parse((await createApp(u, { name: 'Ad ile', app: { kind: 'web', url: `${base.replace('127.0.0.1', 'localhost')}/ok` } }).expect(201)).body);
      expect(local.warning).toBe(m.warning);
    } finally {
      t.ctx.config.fetchAllowPrivate = true;
    }
    expect(asked).toEqual([]);
    expect(await rowsOf(u)).toHaveLength(2);
  });
});

describe('DELETE /api/media/:id of an app', () => {
  it('deletes the row and its playlist items and pushes the screens showing it, by assignment or schedule', async () => {
    const u = await newCustomer(t);
    const app = await made(u, 'Duyuru', { kind: 'text', body: 'Merhaba' });
    const keep = await makeMedia(t, u.id);
    const p = await makePlaylist(t, u.id, [{ mediaId: app._id }, { mediaId: keep.id }]);
    const assigned = await makeScreen(t, u.id, { currentPlaylistId: p.id });
    const bySchedule = await makeScreen(t, u.id);
    await makeSchedule(t, u.id, { playlistId: p.id, screenIds: [bySchedule.id] });

    expect((await t.http.delete(`/api/media/${app._id}`).set(u.auth).expect(200)).body.message).toBe('Medya silindi');
    expect(await t.ctx.db.media.findUnique({ where: { id: app._id } })).toBeNull();
    expect((await t.ctx.db.playlistItem.findMany({ where: { playlistId: p.id } })).map((i) => i.mediaId)).toEqual([keep.id]);
    expect(notifier.calls).toEqual([[assigned.id, bySchedule.id].sort()]);
  });

  it('answers 404 for another customer\'s app and keeps it', async () => {
    const [owner, other] = [await newCustomer(t), await newCustomer(t)];
    const app = await made(owner, 'Saat', { kind: 'clock' });
    expect((await t.http.delete(`/api/media/${app._id}`).set(other.auth)).status).toBe(404);
    expect(await rowsOf(owner)).toHaveLength(1);
  });
});

describe('apps in playlists and in the screen config', () => {
  it('a playlist takes apps as items with their own durations; the config ships their settings and data', async () => {
    const u = await newCustomer(t);
    const clock = await made(u, 'Saat', { kind: 'clock', showSeconds: true });
    const news = await made(u, 'Haberler', { kind: 'rss', url: 'https://a.example/rss', style: 'ticker' });
    const image = await makeMedia(t, u.id, 'image', 'Afiş');
    const appData = { fetchedAt: '2026-11-27T10:00:00.000Z', items: [{ title: '<b>Son</b> dakika', summary: 'Özet', publishedAt: null }] };
    await t.ctx.db.media.update({ where: { id: news._id }, data: { appData } });
    const res = await t.http.post('/api/playlists').set(u.auth)
      .send({ name: 'Lobi', mediaItems: [{ media: clock._id, duration: 15 }, { media: image.id, duration: 5 }, { media: news._id, duration: 40 }] });
    expect(res.status).toBe(201);
    const p = ZPlaylist.parse(res.body);
    expect(p.mediaItems.map((i) => [i.media.name, i.media.type, i.duration, i.media.app?.kind])).toEqual([
      ['Saat', 'app', 15, 'clock'], ['Afiş', 'image', 5, undefined], ['Haberler', 'app', 40, 'rss'],
    ]);
    const screen = await makeScreen(t, u.id, { currentPlaylistId: p._id });

    const config = ZScreenConfig.parse((await t.http.get(`/api/screens/${screen.id}/config`).set(u.auth).expect(200)).body);
    const [c, i, n] = config.playlist!.mediaItems.map((x) => x.media);
    expect(c).toMatchObject({ _id: clock._id, type: 'app', mediaType: 'Uygulama', filePath: '', url: '', app: { kind: 'clock', showSeconds: true }, appData: null });
    expect(i).toMatchObject({ type: 'image', url: `/uploads/${image.fileName}` });
    expect(i?.app).toBeUndefined();
    expect(n).toMatchObject({ app: { kind: 'rss', style: 'ticker', maxItems: 5 }, appData });
    expect(config.playlist!.mediaItems.map((x) => x.duration)).toEqual([15, 5, 40]);

    // A change of the app is in the next config.
    await update(u, clock._id, { app: { kind: 'clock', style: 'analog' } }).expect(200);
    const next = ZScreenConfig.parse((await t.http.get(`/api/screens/${screen.id}/config`).set(u.auth).expect(200)).body);
    expect(next.version).not.toBe(config.version);
    expect(next.playlist!.mediaItems[0]?.media.app).toEqual({ kind: 'clock', style: 'analog', showDate: true, showSeconds: false });
  });

  it('a playlist refuses another customer\'s app', async () => {
    const [owner, other] = [await newCustomer(t), await newCustomer(t)];
    const app = await made(owner, 'Saat', { kind: 'clock' });
    const res = await t.http.post('/api/playlists').set(other.auth).send({ name: 'L', mediaItems: [{ media: app._id }] });
    expect([res.status, res.body.message]).toEqual([404, 'Medya bulunamadı']);
  });
});

describe('what handles media takes apps too', () => {
  it('where it is used: the playlists holding it and the screens showing one', async () => {
    const u = await newCustomer(t);
    const app = await made(u, 'Saat', { kind: 'clock' });
    const p = await makePlaylist(t, u.id, [{ mediaId: app._id }], 'Lobi');
    const s = await makeScreen(t, u.id, { name: 'Giriş', currentPlaylistId: p.id });
    const res = await t.http.get(`/api/media/${app._id}/usage`).set(u.auth).expect(200);
    expect(res.body).toEqual({ playlists: [{ _id: p.id, name: 'Lobi' }], screens: [{ _id: s.id, name: 'Giriş' }] });
  });

  it('play reports count an app\'s plays under its current name', async () => {
    const u = await newCustomer(t);
    const { screen, device } = await deviceFor(t, u);
    const app = await made(u, 'Saat', { kind: 'clock' });
    const plays = [play(screen.id, app._id, { startedAt: '2026-03-12T09:00:00Z' }), play(screen.id, app._id, { startedAt: '2026-03-12T09:00:10Z' })];
    expect((await t.http.post('/api/devices/plays').set(device.auth).send({ plays }).expect(200)).body).toEqual({ accepted: 2, duplicates: 0 });
    await update(u, app._id, { name: 'Dijital Saat' }).expect(200);
    const report = await t.http.get('/api/reports/plays').set(u.auth).query({ from: '2026-03-12', to: '2026-03-12', by: 'media' }).expect(200);
    expect(report.body.rows).toEqual([{ key: app._id, name: 'Dijital Saat', plays: 2, seconds: 20 }]);
  });

  it('an emergency alert refuses an app as its image', async () => {
    const u = await newCustomer(t);
    const app = await made(u, 'Duyuru', { kind: 'text', body: 'Yangın' });
    const res = await t.http.post('/api/alerts').set(u.auth).send({ title: 'Tahliye', message: 'Çıkın', all: true, durationMinutes: 10, mediaId: app._id });
    expect([res.status, res.body.message]).toEqual([400, 'Acil duyuruda yalnızca resim kullanılabilir']);
    expect(await t.ctx.db.alert.count({ where: { ownerId: u.id } })).toBe(0);
  });
});
