import { randomUUID } from 'node:crypto';
import http from 'node:http';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newAdmin, newCustomer, type TestApp } from '../../test/harness.js';
import { makeScreen } from '../modules/screens/content.fixtures.js';
import { tinyPng } from '../storage/testing/sample-files.js';
import { metricValue } from './testing/read-metrics.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const scrape = async (app = t) => {
  const res = await app.http.get('/metrics').expect(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.text;
};
const requests = (text: string, labels: Record<string, string>) => metricValue(text, 'pano_http_request_duration_seconds_count', labels);

describe('GET /metrics', () => {
  it('labels requests with the route template, never the ids in the path, errors included', async () => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id);
    const missing = randomUUID();
    const before = await scrape();
    await t.http.get(`/api/screens/${s.id}/usage`).set(u.auth).expect(200);
    // Thrown inside the router and answered by the app's error handler, after the router let go of the request.
    await t.http.get(`/api/screens/${missing}/usage`).set(u.auth).expect(404);
    await t.http.get(`/api/no-such-thing/${missing}`).expect(404);
    await t.http.delete(`/api/${missing}`).expect(404);
    // Outside /api the answer depends on whether the dashboard is built (index.html or 404);
    // either way the label is a fixed one, never the path (checked below).
    await t.http.get(`/wp-admin/${missing}.php`);
    const after = await scrape();
    const route = '/api/screens/:id/usage';
    expect(requests(after, { method: 'GET', route, status: '200' }) - requests(before, { method: 'GET', route, status: '200' })).toBe(1);
    expect(requests(after, { method: 'GET', route, status: '404' }) - requests(before, { method: 'GET', route, status: '404' })).toBe(1);
    expect(requests(after, { route: 'unmatched', status: '404' }) - requests(before, { route: 'unmatched', status: '404' })).toBe(2);
    expect(after).not.toContain(s.id);
    expect(after).not.toContain(missing);
    // prom-client's process metrics, in the app's own registry.
    expect(metricValue(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts config fetches and the ones answered 304, so the share of 304s can be computed', async () => {
    const u = await newCustomer(t);
    const s = await makeScreen(t, u.id);
    const before = await scrape();
    const first = await t.http.get(`/api/screens/${s.id}/config`).set(u.auth).expect(200);
    await t.http.get(`/api/screens/${s.id}/config`).set(u.auth).set('If-None-Match', first.headers.etag!).expect(304);
    const after = await scrape();
    const delta = (name: string) => metricValue(after, name) - metricValue(before, name);
    expect(delta('pano_config_fetches_total')).toBe(2);
    expect(delta('pano_config_fetches_not_modified_total')).toBe(1);
    expect(requests(after, { route: '/api/screens/:id/config', status: '304' })).toBeGreaterThanOrEqual(1);
  });

  it('counts the bytes of stored uploads by kind', async () => {
    const u = await newCustomer(t);
    const before = metricValue(await scrape(), 'pano_upload_bytes_total', { kind: 'media' });
    await t.http.post('/api/media/upload').set(u.auth).field('name', 'Logo').attach('file', tinyPng(), 'logo.png').expect(201);
    // A refused upload stores nothing and counts nothing.
    await t.http.post('/api/media/upload').set(u.auth).field('name', 'Yazı').attach('file', Buffer.from('not an image'), 'a.png').expect(415);
    const after = metricValue(await scrape(), 'pano_upload_bytes_total', { kind: 'media' });
    expect(after - before).toBe(tinyPng().length);
  });

  it('is open without METRICS_TOKEN and asks for the bearer token with it', async () => {
    const guarded = await createTestApp({ config: { metricsToken: 'metrics-secret-0123456789' } });
    try {
      const none = await guarded.http.get('/metrics').expect(401);
      expect(none.body).toEqual({ message: 'Ölçümleri okumak için geçerli bir erişim anahtarı gerekiyor', code: 'UNAUTHORIZED' });
      expect(none.headers['www-authenticate']).toContain('Bearer');
      await guarded.http.get('/metrics').set('Authorization', 'Bearer metrics-secret-012345678').expect(401);
      // A dashboard login token is not the metrics token.
      const admin = await newAdmin(guarded);
      await guarded.http.get('/metrics').set(admin.auth).expect(401);
      const ok = await guarded.http.get('/metrics').set('Authorization', 'Bearer metrics-secret-0123456789').expect(200);
      expect(ok.text).toContain('# TYPE pano_http_request_duration_seconds histogram');
    } finally {
      await guarded.close();
    }
  });

  it('keeps each app\'s metrics apart: two apps in one process do not share counts', async () => {
    const other = await createTestApp();
    try {
      const u = await newCustomer(t);
      const s = await makeScreen(t, u.id);
      const before = metricValue(await scrape(other), 'pano_config_fetches_total');
      await t.http.get(`/api/screens/${s.id}/config`).set(u.auth).expect(200);
      expect(metricValue(await scrape(other), 'pano_config_fetches_total')).toBe(before);
    } finally {
      await other.close();
    }
  });

  it('answers a GET that carries a large body it does not read (the answer is large too)', async () => {
    const other = await createTestApp();
    const server = http.createServer(other.app).listen(0, '127.0.0.1');
    try {
      // Many label sets, as a long-running instance has: the answer is far larger than a socket buffer.
      for (let i = 0; i < 400; i++) other.ctx.metrics.httpDuration.observe({ method: 'GET', route: `/api/r${i}/:id`, status: '200' }, 0.01);
      const body = `{"name":"${'x'.repeat(1_100_000)}"}`;
      const res = await supertest(server).get('/metrics').set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(200);
      expect(res.text).toContain('route="/api/r399/:id"');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await other.close();
    }
  });
});
