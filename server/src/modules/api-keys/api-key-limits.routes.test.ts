import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCreatedApiKey } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeScreen } from '../screens/content.fixtures.js';

// As behind one proxy (TRUST_PROXY=1): X-Forwarded-For gives each test an address of its own.
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

let t: TestApp;
// Three failed key requests per address and 15 minutes, as RATE_LIMIT_AUTH_PER_15MIN=3 would allow.
beforeAll(async () => { t = await createTestApp({ config: { authRateLimitPer15Min: 3, trustProxy: 1 } }); });
afterAll(async () => { await t.close(); });

const forged = () => `pano_${randomUUID().replace(/-/g, '')}${'A'.repeat(11)}`;
const as = (key: string, from: string) => ({ Authorization: `Bearer ${key}`, 'X-Forwarded-For': from });
const send = (key: string, from: string, body: object) => t.http.post('/api/alerts').set(as(key, from)).send(body);

async function panel(u: TestUser): Promise<string> {
  const res = await t.http.post('/api/api-keys').set(u.auth).send({ name: 'Yangın Paneli' });
  expect(res.status).toBe(201);
  return ZCreatedApiKey.parse(res.body).key;
}

describe('failed API-key requests per address', () => {
  it('unknown and revoked keys are limited per address; a valid key from that address still sends', async () => {
    const from = newAddress();
    const u = await newCustomer(t);
    const screen = await makeScreen(t, u.id);
    const key = await panel(u);
    const revoked = await panel(u);
    const revokedRow = await t.ctx.db.apiKey.findFirstOrThrow({ where: { ownerId: u.id }, orderBy: { createdAt: 'desc' } });
    expect((await t.http.delete(`/api/api-keys/${revokedRow.id}`).set(u.auth)).status).toBe(200);

    const statuses: number[] = [];
    for (const bad of [forged(), revoked, forged(), forged()]) statuses.push((await send(bad, from, { title: 'x', message: 'x', all: true })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await send(forged(), from, { title: 'x', message: 'x', all: true });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.' });

    // The fire panel behind the same address is no guesser: its alert goes out, and it can poll and end it.
    const sent = await send(key, from, { title: 'Yangın', message: 'Binayı terk edin', screens: [screen.id] });
    expect(sent.status).toBe(201);
    expect((await t.http.get(`/api/alerts/${sent.body._id}`).set(as(key, from))).status).toBe(200);
    expect((await t.http.delete(`/api/alerts/${sent.body._id}`).set(as(key, from))).status).toBe(200);
    expect(await t.ctx.db.alert.count({ where: { ownerId: u.id } })).toBe(1);
  });

  it('a valid key\'s own 400s and 404s are not failed keys: they neither lock its address nor the key out', async () => {
    const from = newAddress();
    const u = await newCustomer(t);
    const screen = await makeScreen(t, u.id);
    const key = await panel(u);

    for (let i = 0; i < 5; i++) {
      expect((await send(key, from, { title: 'Yangın' })).status).toBe(400);
      // A panel polling an alert that is gone.
      expect((await t.http.get(`/api/alerts/${randomUUID()}`).set(as(key, from))).status).toBe(404);
      expect((await t.http.delete(`/api/alerts/${randomUUID()}`).set(as(key, from))).status).toBe(404);
    }
    // Nothing was counted against the address: a wrong key there is still only a wrong key.
    expect((await send(forged(), from, { title: 'x', message: 'x', all: true })).status).toBe(401);
    const sent = await send(key, from, { title: 'Yangın', message: 'Binayı terk edin', screens: [screen.id] });
    expect(sent.status).toBe(201);
  });
});
