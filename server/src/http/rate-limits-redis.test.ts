import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCreatedApiKey } from '@pano/contract';
import { liveCustomer, startLiveServer, type LiveServer } from '../realtime/live-server.fixtures.js';
import { uniqueEmail } from '../../test/harness.js';
import { startOwnRedis, type OwnRedis } from '../../test/redis-server.js';
import { ALERT_SENDS_PER_MINUTE } from '../modules/alerts/alert-send-limit.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Behind one proxy (TRUST_PROXY=1), each test's client gets a random address of its own: the
// counts in the shared Redis outlive a test run by 15 minutes.
const randomAddress = () => `2001:db8:${[0, 0, 0, 0, 0, 0].map(() => Math.floor(Math.random() * 0xffff).toString(16)).join(':')}`;

const failLogin = (s: LiveServer, from: string, email = uniqueEmail()) =>
  s.api.post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password: 'wrong-pass' });

describe('two API instances on one Redis', () => {
  let a: LiveServer;
  let b: LiveServer;
  beforeAll(async () => {
    a = await startLiveServer({ REDIS_URL, TRUST_PROXY: '1' }, { authRateLimitPer15Min: 3 });
    b = await startLiveServer({ REDIS_URL, TRUST_PROXY: '1' }, { authRateLimitPer15Min: 3 });
  });
  afterAll(async () => { await Promise.all([a?.close(), b?.close()]); });

  it('share one count per address: failures on A and B add up', async () => {
    const from = randomAddress();
    expect((await failLogin(a, from)).status).toBe(401);
    expect((await failLogin(b, from)).status).toBe(401);
    expect((await failLogin(a, from)).status).toBe(401);
    expect((await failLogin(b, from)).status).toBe(429);
    expect((await failLogin(a, from)).status).toBe(429);
  });

  it('share the per-account count across addresses and instances', async () => {
    const email = uniqueEmail();
    for (const s of [a, b, a]) expect((await failLogin(s, randomAddress(), email)).status).toBe(401);
    expect((await failLogin(b, randomAddress(), email)).status).toBe(429);
  });

  /** A customer with three screens and an API key, made on A. */
  async function firePanel() {
    const u = await liveCustomer(a);
    const screens = await Promise.all([1, 2, 3].map((i) => a.ctx.db.screen.create({ data: { ownerId: u.id, name: `Ekran ${i}` } })));
    const created = await a.api.post('/api/api-keys').set(u.auth).send({ name: 'Yangın Paneli' });
    expect(created.status).toBe(201);
    return { screens: screens.map((x) => x.id), key: { Authorization: `Bearer ${ZCreatedApiKey.parse(created.body).key}` } };
  }
  const sendAlert = (s: LiveServer, auth: object, from: string, screenId: string) =>
    s.api.post('/api/alerts').set({ ...auth, 'X-Forwarded-For': from }).send({ title: 'Yangın', message: 'x', screens: [screenId] });

  it('share the failed-key count per address; a valid key from that address still sends on either', async () => {
    const from = randomAddress();
    const { screens, key } = await firePanel();
    const forged = { Authorization: `Bearer pano_${'B'.repeat(43)}` };
    const statuses: number[] = [];
    for (const s of [a, b, a, b]) statuses.push((await sendAlert(s, forged, from, screens[0]!)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await sendAlert(a, key, from, screens[0]!)).status).toBe(201);
    expect((await sendAlert(b, key, from, screens[1]!)).status).toBe(201);
  });

  it('share a key\'s alert sends: its count on A and B adds up; a refused send costs nothing', async () => {
    const from = randomAddress();
    const { screens, key } = await firePanel();
    // Refused (a malformed screen id is 400): not counted, on either instance.
    for (const s of [a, b]) expect((await sendAlert(s, key, from, 'nope')).status).toBe(400);
    for (let i = 0; i < ALERT_SENDS_PER_MINUTE; i++) {
      expect((await sendAlert(i % 2 ? b : a, key, from, screens[i % 3]!)).status).toBe(201);
    }
    const limited = await sendAlert(a, key, from, screens[0]!);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await sendAlert(b, key, from, screens[1]!)).status).toBe(429);
  });
});

describe('a Redis outage', () => {
  // A Redis of this test's own, which it can stop and start again.
  let redis: OwnRedis | undefined;
  let down = false;
  let s: LiveServer;
  beforeAll(async () => {
    redis = await startOwnRedis({ persistence: false });
    s = await startLiveServer({ REDIS_URL: redis.url, TRUST_PROXY: '1', WORKERS: '0' }, { authRateLimitPer15Min: 3 });
  });
  afterAll(async () => {
    if (down) await redis?.start();
    await s?.close();
    await redis?.close();
  });

  it('neither hangs nor fails logins: they are counted in the instance until Redis is back', async () => {
    const from = randomAddress();
    expect((await failLogin(s, from)).status).toBe(401);
    down = true;
    await redis!.stop();

    // Each answered (the request times out after 3 s otherwise), and the limit still holds.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await failLogin(s, from)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another address is counted apart, as before.
    expect((await failLogin(s, randomAddress())).status).toBe(401);
  });
});
