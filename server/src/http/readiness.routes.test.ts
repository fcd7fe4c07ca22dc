import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ZErrorBody } from '@pano/contract';
import { createApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { createLogger } from '../logger.js';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../test/harness.js';
import { freePort, tcpRelay } from '../../test/outage-helpers.js';
import { startOwnRedis } from '../../test/redis-server.js';
import { createReadiness } from './readiness.js';

let t: TestApp;
let u: TestUser;
beforeAll(async () => { t = await createTestApp(); u = await newCustomer(t); });
afterAll(async () => { await t.close(); });

const silent = createLogger('silent');
const UNAVAILABLE = { code: 'SERVICE_UNAVAILABLE', message: 'Hizmete şu anda ulaşılamıyor, lütfen biraz sonra tekrar deneyin' };

/** The test app's context over another database connection. */
async function appOver(databaseUrl: string): Promise<{ http: supertest.Agent; database: Database }> {
  const database = await openDatabase({ databaseUrl, dataDir: t.dataDir, poolMax: 2 });
  return { http: supertest(createApp({ ...t.ctx, db: database.db })), database };
}

/** Requests that need the database: public, anonymous-auth and authenticated ones. */
const needsDatabase = (http: supertest.Agent) => [
  http.get('/api/packages'),
  http.post('/api/auth/login').send({ email: u.email, password: 'secret123' }),
  http.get('/api/playlists').set(u.auth),
  http.post('/api/screens').set(u.auth).send({ name: 'Kesinti Ekranı' }),
];

async function expectUnavailable(http: supertest.Agent) {
  for (const req of needsDatabase(http)) {
    const res = await req;
    expect(res.status).toBe(503);
    expect(ZErrorBody.parse(res.body)).toMatchObject(UNAVAILABLE);
    expect(res.headers['retry-after']).toBe('5');
  }
}

describe('/healthz and /readyz', () => {
  it('both answer 200 while PostgreSQL answers; Redis is not configured', async () => {
    expect((await t.http.get('/healthz')).body).toEqual({ ok: true });
    const res = await t.http.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ready: true, draining: false, checks: { database: 'up', redis: 'not-configured' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 503 once the process drains; /healthz stays 200', async () => {
    const readiness = createReadiness({ db: t.ctx.db, logger: silent });
    const http = supertest(createApp(t.ctx, readiness));
    expect((await http.get('/readyz')).status).toBe(200);
    readiness.draining = true;
    const res = await http.get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Sunucu kapanıyor, yeni istek almıyor', ready: false, draining: true });
    expect((await http.get('/healthz')).status).toBe(200);
  });
});

describe('PostgreSQL down', () => {
  it('with no PostgreSQL at the address: 503 SERVICE_UNAVAILABLE, /readyz 503, /healthz 200', async () => {
    const { http, database } = await appOver(`postgresql://postgres@127.0.0.1:${await freePort()}/pano`);
    try {
      await expectUnavailable(http);
      const ready = await http.get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', ready: false, checks: { database: 'down' } });
      expect((await http.get('/healthz')).status).toBe(200);
    } finally {
      await database.close();
    }
  });

  it('PostgreSQL going away under a running app and coming back', async () => {
    const target = new URL(inject('databaseUrl'));
    const relay = await tcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(target);
    viaRelay.port = String(relay.port);
    const { http, database } = await appOver(viaRelay.toString());
    try {
      expect((await http.get('/api/packages')).status).toBe(200);
      expect((await http.get('/readyz')).status).toBe(200);

      await relay.down();
      await expectUnavailable(http);
      expect((await http.get('/readyz')).body).toMatchObject({ ready: false, checks: { database: 'down' } });
      expect(await t.ctx.db.screen.count({ where: { ownerId: u.id } })).toBe(0);

      await relay.up();
      expect((await http.get('/readyz')).status).toBe(200);
      expect((await http.get('/api/playlists').set(u.auth)).status).toBe(200);
    } finally {
      await database.close();
      await relay.down();
    }
  });
});

describe('Redis configured', () => {
  it('/readyz is 503 while the configured Redis does not answer, 200 again when it is back', async () => {
    const redis = await startOwnRedis({ persistence: false });
    const readiness = createReadiness({ db: t.ctx.db, redisUrl: redis.url, logger: silent });
    const http = supertest(createApp(t.ctx, readiness));
    try {
      const up = await http.get('/readyz');
      expect(up.status).toBe(200);
      expect(up.body.checks).toEqual({ database: 'up', redis: 'up' });

      await redis.stop();
      const down = await http.get('/readyz');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', ready: false, checks: { database: 'up', redis: 'down' } });
      expect((await http.get('/healthz')).status).toBe(200);

      await redis.start();
      // ioredis reconnects on its own schedule; readiness follows without a restart.
      await expect.poll(async () => (await http.get('/readyz')).status === 200, { timeout: 15_000 }).toBe(true);
    } finally {
      await readiness.close();
      await redis.close();
    }
  });

  it('/readyz is 503 when the configured Redis was never reachable', async () => {
    const readiness = createReadiness({ db: t.ctx.db, redisUrl: `redis://127.0.0.1:${await freePort()}`, logger: silent });
    try {
      const res = await supertest(createApp(t.ctx, readiness)).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.checks).toEqual({ database: 'up', redis: 'down' });
    } finally {
      await readiness.close();
    }
  });
});
