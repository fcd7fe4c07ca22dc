import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAppData } from '@pano/contract';
import { createTestApp, newCustomer, newUser, type TestApp } from '../../../test/harness.js';
import { FORECAST, RSS } from './app-data.fixtures.js';
import { APP_PREVIEWS_PER_MINUTE } from './app-data.routes.js';

/*
 * POST /api/media/apps/preview (docs/PRODUCT.md#apps): the 'Uygulama Ekle' form's live preview
 * of an rss or weather app, fetched from a local server speaking RSS and Open-Meteo's JSON.
 */

const answers = new Map<string, { status?: number; type?: string; body: string }>([
  ['/rss', { body: RSS }],
  ['/v1/forecast', { type: 'application/json', body: JSON.stringify(FORECAST) }],
  ['/page', { type: 'text/html', body: '<html><body>Bir sayfa</body></html>' }],
  // Past FEED_MAX_BYTES: a feed whose parse would hold the API's thread.
  ['/big', { body: `<?xml version="1.0"?><rss version="2.0"><channel>${'<item><title>x</title></item>'.repeat(80_000)}</channel></rss>` }],
]);
let server: http.Server;
let base: string;
let t: TestApp;
let strict: TestApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const a = answers.get(new URL(req.url ?? '/', 'http://x').pathname) ?? { status: 404, body: 'yok' };
    res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'application/rss+xml; charset=utf-8' });
    res.end(a.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ config: { fetchAllowPrivate: true, weatherApiUrl: `${base}/v1/forecast` } });
  strict = await createTestApp({ config: { weatherApiUrl: `${base}/v1/forecast` } });
});
afterAll(async () => {
  await t.close();
  await strict.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const rss = (url: string, maxItems = 2) => ({ app: { kind: 'rss', url, maxItems, style: 'list' } });

describe('POST /api/media/apps/preview', () => {
  it("answers a feed's items as plain text, as many as asked, and stores nothing", async () => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/media/apps/preview').set(u.auth).send(rss(`${base}/rss`));
    expect(res.status).toBe(200);
    const data = ZAppData.parse(res.body);
    expect(data.items?.map((i) => i.title)).toEqual(["Belediye & halk: 'yeni park' açıldı", 'İkinci haber']);
    expect(data.items?.[0]?.summary).not.toContain('<');
    expect(Date.parse(data.fetchedAt)).not.toBeNaN();
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(0);
  });

  it("answers a place's weather and forecast", async () => {
    const u = await newCustomer(t);
    const res = await t.http.post('/api/media/apps/preview').set(u.auth)
      .send({ app: { kind: 'weather', city: 'İstanbul', latitude: 41.01, longitude: 28.97 } });
    expect(res.status).toBe(200);
    expect(ZAppData.parse(res.body).weather).toMatchObject({ temperature: 14.3, weatherCode: 3, days: [{ date: '2026-11-27' }, {}, {}] });
  });

  it('what cannot be fetched or read is a Turkish 422', async () => {
    const u = await newCustomer(t);
    for (const [url, message] of [
      [`${base}/page`, 'Veri alınamadı: Adres okunabilir bir RSS ya da Atom kaynağı değil'],
      [`${base}/yok`, 'Veri alınamadı: Adres 404 yanıtı verdi'],
      [`${base}/big`, 'Veri alınamadı: Yanıt çok büyük'],
    ] as const) {
      const res = await t.http.post('/api/media/apps/preview').set(u.auth).send(rss(url));
      expect([res.status, res.body.message]).toEqual([422, message]);
    }
  });

  it('an address on the internal network is refused unless intranet fetches are allowed', async () => {
    const u = await newCustomer(strict);
    const res = await strict.http.post('/api/media/apps/preview').set(u.auth).send(rss(`${base}/rss`));
    expect([res.status, res.body.message]).toEqual([422, 'Veri alınamadı: Adres iç ağa işaret ediyor']);
  });

  it("a weather service that cannot be reached is named as the weather service, not as the customer's address", async () => {
    // Here WEATHER_API_URL is on the internal network, which this server may not fetch.
    const u = await newCustomer(strict);
    const res = await strict.http.post('/api/media/apps/preview').set(u.auth)
      .send({ app: { kind: 'weather', city: 'İstanbul', latitude: 41.01, longitude: 28.97 } });
    expect([res.status, res.body.message]).toEqual([422, 'Veri alınamadı: Hava durumu servisine ulaşılamadı']);
  });

  it('refuses other kinds and bad settings in Turkish, without fetching', async () => {
    const u = await newCustomer(t);
    const clock = await t.http.post('/api/media/apps/preview').set(u.auth).send({ app: { kind: 'clock', style: 'digital', showDate: true, showSeconds: false } });
    expect([clock.status, clock.body.message]).toEqual([400, 'Önizleme verisi yalnızca haber (RSS) ve hava durumu uygulamaları için alınır']);
    const bad = await t.http.post('/api/media/apps/preview').set(u.auth).send(rss('ftp://ornek.com/rss', 50));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/http:\/\/ ya da https:\/\/|1 ile 20/);
  });

  it('401 without a token, 402 without a package, 429 past the per-person limit in Turkish', async () => {
    expect((await t.http.post('/api/media/apps/preview').send(rss(`${base}/rss`))).status).toBe(401);
    expect((await t.http.post('/api/media/apps/preview').set((await newUser(t)).auth).send(rss(`${base}/rss`))).status).toBe(402);
    const u = await newCustomer(t);
    for (let i = 0; i < APP_PREVIEWS_PER_MINUTE; i++) {
      expect((await t.http.post('/api/media/apps/preview').set(u.auth).send(rss(`${base}/rss`))).status).toBe(200);
    }
    const over = await t.http.post('/api/media/apps/preview').set(u.auth).send(rss(`${base}/rss`));
    expect([over.status, over.body.message]).toEqual([429, 'Çok sık önizleme istendi. Lütfen biraz bekleyip tekrar deneyin.']);
    // Someone else behind the same address is not held back.
    const other = await newCustomer(t);
    expect((await t.http.post('/api/media/apps/preview').set(other.auth).send(rss(`${base}/rss`))).status).toBe(200);
  });
});
