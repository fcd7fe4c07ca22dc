import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TAppSettingsInput, TScreenConfig } from '@pano/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import type { AppContext } from '../../context.js';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { jobHandlers } from '../../job-handlers.js';
import { createBullmqRunner } from '../../jobs/bullmq-runner.js';
import { createJobRegistry } from '../../jobs/job-registry.js';
import { createLogger } from '../../logger.js';
import { recordingRunner } from '../../jobs/recording-runner.fixtures.js';
import { makeApp as makeOwnApp, makeMedia, makePlaylist, makeSchedule, makeScreen, recordingNotifier } from '../screens/content.fixtures.js';
import { ATOM, FORECAST, RSS } from './app-data.fixtures.js';
import { refreshAppData } from '../media/media.service.js';
import { appFetchJobKey, fetchAppData, queueAppRefreshes } from './app-data.service.js';

/*
 * The rss and weather jobs against a local server speaking RSS, Atom and Open-Meteo's JSON.
 * The test app allows private addresses (the server is on 127.0.0.1); one test takes that away
 * to see the refusal.
 */

type Answer = { status?: number; type?: string; body: string | Buffer };
const answers = new Map<string, Answer>();
const requests: string[] = [];
/** Run before answering a path: lets a test change the app while its fetch is under way. */
const beforeAnswer = new Map<string, () => Promise<void>>();
let server: http.Server;
let base: string;

let t: TestApp;
const notifier = recordingNotifier();
const { jobs, queued } = recordingRunner();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    void (beforeAnswer.get(path)?.() ?? Promise.resolve()).then(() => {
      const a = answers.get(path) ?? { status: 404, body: 'yok' };
      res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'application/rss+xml; charset=utf-8' });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ notifier, jobs, config: { fetchAllowPrivate: true, weatherApiUrl: `${base}/v1/forecast` } });
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => { notifier.reset(); queued.length = 0; requests.length = 0; });

let seq = 0;
const feedPath = () => `/feed-${++seq}.xml`;

const makeApp = (ownerId: string, app: TAppSettingsInput, appData: unknown = null) => makeOwnApp(t, ownerId, app, { name: `Uygulama ${seq}`, appData });
const appDataOf = async (id: string) => (await t.ctx.db.media.findUniqueOrThrow({ where: { id } })).appData as Record<string, unknown> | null;

/** An app shown by a screen's playlist, a schedule's playlist and a layout's zone; one more screen that shows none of it. */
async function shownApp(app: TAppSettingsInput) {
  const u = await newCustomer(t);
  const media = await makeApp(u.id, app);
  const other = await makeMedia(t, u.id);
  const playlist = await makePlaylist(t, u.id, [{ mediaId: media.id }]);
  const scheduled = await makePlaylist(t, u.id, [{ mediaId: other.id }, { mediaId: media.id }]);
  const byPlaylist = await makeScreen(t, u.id, { currentPlaylistId: playlist.id });
  const bySchedule = await makeScreen(t, u.id);
  await makeSchedule(t, u.id, { playlistId: scheduled.id, screenIds: [bySchedule.id] });
  const layout = await t.ctx.db.layout.create({
    data: { ownerId: u.id, name: 'Yerleşim', zones: { create: [{ position: 0, name: 'Yan', x: 75, y: 0, width: 25, height: 100, playlistId: playlist.id }] } },
  });
  const byLayout = await t.ctx.db.screen.create({ data: { ownerId: u.id, name: 'Yerleşimli', currentLayoutId: layout.id } });
  const unrelated = await makeScreen(t, u.id, { currentPlaylistId: (await makePlaylist(t, u.id, [{ mediaId: other.id }])).id });
  return { u, media, byPlaylist: byPlaylist.id, screens: [byPlaylist.id, bySchedule.id, byLayout.id].sort(), unrelated: unrelated.id };
}

describe('the rss app job', () => {
  it('stores the feed\'s items as plain text with the time, and pushes the screens showing the app once', async () => {
    const path = feedPath();
    answers.set(path, { body: RSS });
    const { u, media, screens, byPlaylist } = await shownApp({ kind: 'rss', url: `${base}${path}`, maxItems: 2, style: 'list' });
    await fetchAppData(t.ctx, media.id);
    // What the address answered is bookkeeping, not anyone's change (docs/architecture/audit.md#work-no-request-asked-for).
    expect(await t.ctx.db.auditEvent.count({ where: { chain: u.id } })).toBe(0);
    expect(await appDataOf(media.id)).toEqual({
      fetchedAt: expect.any(String),
      items: [
        { title: "Belediye & halk: 'yeni park' açıldı", summary: 'Park bugün açıldı. Ayrıntılar için tıklayın.', publishedAt: '2026-11-27T06:30:00.000Z' },
        { title: 'İkinci haber', summary: 'Kaçışlı HTML', publishedAt: null },
      ],
    });
    expect(notifier.calls).toEqual([screens]);

    // The screen config ships it with the app.
    const config = JSON.parse((await t.ctx.screenConfigs.readLatest(byPlaylist))!.json()) as TScreenConfig;
    expect(config.playlist?.mediaItems[0]?.media).toMatchObject({ type: 'app', appData: await appDataOf(media.id) });
  });

  it('fetched again unchanged: only the time moves and nobody is pushed; changed: pushed once', async () => {
    const path = feedPath();
    answers.set(path, { body: ATOM, type: 'application/atom+xml' });
    const { media, screens } = await shownApp({ kind: 'rss', url: `${base}${path}`, maxItems: 5, style: 'ticker' });
    let now = new Date('2026-11-27T10:00:00Z');
    const ctx: AppContext = { ...t.ctx, clock: () => now };
    await fetchAppData(ctx, media.id);
    expect(await appDataOf(media.id)).toMatchObject({ fetchedAt: '2026-11-27T10:00:00.000Z', items: [{ title: 'Toplantı saat 14:00' }, { title: 'XHTML başlık' }] });
    notifier.reset();

    now = new Date('2026-11-27T10:10:00Z');
    await fetchAppData(ctx, media.id);
    expect(await appDataOf(media.id)).toMatchObject({ fetchedAt: '2026-11-27T10:10:00.000Z', items: [{ title: 'Toplantı saat 14:00' }, { title: 'XHTML başlık' }] });
    expect(notifier.calls).toEqual([]);

    answers.set(path, { body: ATOM.replace('saat 14:00', 'saat 15:00'), type: 'application/atom+xml' });
    now = new Date('2026-11-27T10:20:00Z');
    await fetchAppData(ctx, media.id);
    expect(await appDataOf(media.id)).toMatchObject({ fetchedAt: '2026-11-27T10:20:00.000Z', items: [{ title: 'Toplantı saat 15:00' }, { title: 'XHTML başlık' }] });
    expect(notifier.calls).toEqual([screens]);
  });

  it('a failed fetch (an error status, not a feed, a server gone) keeps the last items and pushes nothing', async () => {
    const path = feedPath();
    const last = { fetchedAt: '2026-11-27T09:00:00.000Z', items: [{ title: 'Eski haber', summary: '', publishedAt: null }] };
    const { u } = await shownApp({ kind: 'rss', url: `${base}${path}`, maxItems: 5, style: 'list' });
    const gone = http.createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const gonePort = (gone.address() as AddressInfo).port;
    await new Promise((resolve) => gone.close(resolve));
    for (const [url, answer] of [
      [`${base}${path}`, { status: 500, body: 'hata' }],
      [`${base}${path}`, { body: '<!doctype html><html><body>Bakımdayız</body></html>', type: 'text/html' }],
      [`http://127.0.0.1:${gonePort}/feed.xml`, undefined],
    ] as const) {
      if (answer) answers.set(path, answer);
      const media = await makeApp(u.id, { kind: 'rss', url, maxItems: 5, style: 'list' }, last);
      await t.ctx.db.playlist.create({ data: { ownerId: u.id, name: 'L', items: { create: [{ mediaId: media.id, duration: 5, position: 0 }] } } });
      notifier.reset();
      await fetchAppData(t.ctx, media.id);
      expect([url, await appDataOf(media.id)]).toEqual([url, last]);
      expect(notifier.calls).toEqual([]);
    }
  });

  it('a feed on a private address is refused unless FETCH_ALLOW_PRIVATE=1: nothing is requested, nothing stored', async () => {
    const path = feedPath();
    answers.set(path, { body: RSS });
    const { media } = await shownApp({ kind: 'rss', url: `${base}${path}`, maxItems: 5, style: 'list' });
    const publicOnly: AppContext = { ...t.ctx, config: { ...t.ctx.config, fetchAllowPrivate: false } };
    await fetchAppData(publicOnly, media.id);
    expect(await appDataOf(media.id)).toBeNull();
    expect(requests).toEqual([]);
    expect(notifier.calls).toEqual([]);
  });

  it('settings changed while the feed was fetched: the old feed\'s items are not written', async () => {
    const path = feedPath();
    answers.set(path, { body: RSS });
    const { media } = await shownApp({ kind: 'rss', url: `${base}${path}`, maxItems: 5, style: 'list' });
    beforeAnswer.set(path, async () => {
      await t.ctx.db.media.update({ where: { id: media.id }, data: { app: { kind: 'rss', url: `${base}/baska.xml`, maxItems: 5, style: 'list' } } });
    });
    await fetchAppData(t.ctx, media.id);
    beforeAnswer.delete(path);
    expect(await appDataOf(media.id)).toBeNull();
    expect(notifier.calls).toEqual([]);
  });
});

describe('the weather app job', () => {
  it('asks the weather API for the app\'s place and stores the current weather and 3 days; pushes only on change', async () => {
    answers.set('/v1/forecast', { body: JSON.stringify(FORECAST), type: 'application/json' });
    const { media, screens } = await shownApp({ kind: 'weather', city: 'İstanbul', latitude: 41.0082, longitude: 28.9784 });
    await fetchAppData(t.ctx, media.id);
    const asked = new URL(requests[0]!, base);
    expect([asked.pathname, asked.searchParams.get('latitude'), asked.searchParams.get('longitude'), asked.searchParams.get('timezone')])
      .toEqual(['/v1/forecast', '41.0082', '28.9784', 'auto']);
    expect(await appDataOf(media.id)).toEqual({
      fetchedAt: expect.any(String),
      weather: {
        temperature: 14.3, weatherCode: 3,
        days: [
          { date: '2026-11-27', min: 9.8, max: 16.1, weatherCode: 3 },
          { date: '2026-11-28', min: 8.2, max: 13.4, weatherCode: 61 },
          { date: '2026-11-29', min: 7.5, max: 15, weatherCode: 0 },
        ],
      },
    });
    expect(notifier.calls).toEqual([screens]);
    notifier.reset();
    await fetchAppData(t.ctx, media.id);
    expect(notifier.calls).toEqual([]);
  });

  it('an answer that is not a forecast keeps the last weather', async () => {
    const u = await newCustomer(t);
    const last = { fetchedAt: '2026-11-27T09:00:00.000Z', weather: { temperature: 5, weatherCode: 0, days: [] } };
    const media = await makeApp(u.id, { kind: 'weather', city: 'Kars', latitude: 40.6, longitude: 43.1 }, last);
    answers.set('/v1/forecast', { status: 400, body: JSON.stringify({ error: true, reason: 'Geçersiz' }), type: 'application/json' });
    await fetchAppData(t.ctx, media.id);
    answers.set('/v1/forecast', { body: JSON.stringify({ current: {} }), type: 'application/json' });
    await fetchAppData(t.ctx, media.id);
    expect(await appDataOf(media.id)).toEqual(last);
  });
});

describe('when the jobs run', () => {
  it('an rss app saved through the API is fetched on a job right away, and again when its feed changes', async () => {
    const path = feedPath();
    answers.set(path, { body: RSS });
    const u = await newCustomer(t);
    const created = await t.http.post('/api/media/apps').set(u.auth)
      .send({ name: 'Haberler', app: { kind: 'rss', url: `${base}${path}`, maxItems: 1, style: 'list' } }).expect(201);
    const id = (created.body as { _id: string })._id;
    expect(queued).toEqual([{ name: 'app.fetch', payload: { mediaId: id } }]);
    await vi.waitFor(async () => expect(await appDataOf(id)).toMatchObject({ items: [{ title: "Belediye & halk: 'yeni park' açıldı" }] }), { timeout: 15_000, interval: 50 });
    // A new address: the old feed's items are dropped and the new one's fetched.
    const next = feedPath();
    answers.set(next, { body: ATOM });
    queued.length = 0;
    await t.http.put(`/api/media/${id}`).set(u.auth).send({ app: { kind: 'rss', url: `${base}${next}`, maxItems: 1, style: 'list' } }).expect(200);
    expect(queued).toEqual([{ name: 'app.fetch', payload: { mediaId: id } }]);
    await vi.waitFor(async () => expect(requests).toContain(next), { timeout: 15_000, interval: 50 });
    // A clock fetches nothing.
    queued.length = 0;
    await t.http.post('/api/media/apps').set(u.auth).send({ name: 'Saat', app: { kind: 'clock' } }).expect(201);
    expect(queued).toEqual([]);
  });

  it('the 10-minute refresh queues one fetch per rss or weather app that a playlist holds, and no other', async () => {
    const u = await newCustomer(t);
    const inPlaylist = await makeApp(u.id, { kind: 'rss', url: `${base}/yok.xml`, maxItems: 1, style: 'list' });
    const weather = await makeApp(u.id, { kind: 'weather', city: 'Van', latitude: 38.5, longitude: 43.4 });
    const unused = await makeApp(u.id, { kind: 'rss', url: `${base}/yok.xml`, maxItems: 1, style: 'list' });
    const clock = await makeApp(u.id, { kind: 'clock', style: 'digital', showDate: true, showSeconds: false });
    await makePlaylist(t, u.id, [{ mediaId: inPlaylist.id }, { mediaId: weather.id }, { mediaId: clock.id }]);
    // Far in the future, so the fetches stay queued (their addresses answer 404 anyway).
    const now = new Date(Date.now() + 86_400_000);
    const count = await queueAppRefreshes({ ...t.ctx, clock: () => now });
    const ours = new Set([inPlaylist.id, weather.id, unused.id, clock.id]);
    expect(queued.filter((q) => ours.has((q.payload as { mediaId: string }).mediaId)).map(({ runAt: _, ...q }) => q).sort((a, b) => String(a.key).localeCompare(String(b.key))))
      .toEqual([inPlaylist.id, weather.id].sort((a, b) => appFetchJobKey(a).localeCompare(appFetchJobKey(b)))
        .map((mediaId) => ({ name: 'app.fetch', payload: { mediaId }, key: appFetchJobKey(mediaId) })));
    // Spread over the first 5 minutes, one step apart, in the order of the ids.
    const times = queued.map((q) => q.runAt!.getTime() - now.getTime());
    expect(times).toHaveLength(count);
    expect(times[0]).toBe(0);
    expect(times.every((ms, i) => ms < 5 * 60_000 && (i === 0 || ms > times[i - 1]!))).toBe(true);
  });

  it('on BullMQ too: a queued app.fetch is worked by the same handler', async () => {
    const path = feedPath();
    answers.set(path, { body: RSS });
    const u = await newCustomer(t);
    const media = await makeApp(u.id, { kind: 'rss', url: `${base}${path}`, maxItems: 1, style: 'list' });
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `test-app-data-${randomUUID()}`;
    const bullmq = createBullmqRunner({ redisUrl, logger: createLogger('silent'), runWorkers: true, prefix, sweepEveryMs: 0 });
    try {
      await bullmq.start(createJobRegistry(jobHandlers(t.ctx)));
      await refreshAppData({ ...t.ctx, jobs: bullmq }, media.id);
      await vi.waitFor(async () => expect(await appDataOf(media.id)).toMatchObject({ items: [{ title: "Belediye & halk: 'yeni park' açıldı" }] }), { timeout: 15_000, interval: 100 });
    } finally {
      await bullmq.stop();
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
});
