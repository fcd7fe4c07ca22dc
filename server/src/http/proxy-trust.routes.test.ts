import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, uniqueEmail, type TestApp } from '../../test/harness.js';

// Route tests reach the app from 127.0.0.1: before TRUST_PROXY, loopback (and every private
// address) was trusted as a proxy, so anyone on the LAN chose their address per request.
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

const login = (t: TestApp, email: string, from?: string) => {
  const req = t.http.post('/api/auth/login');
  return (from ? req.set('X-Forwarded-For', from) : req).send({ email, password: 'wrong-pass' });
};
const pair = (t: TestApp, mobileCode: string, from?: string) => {
  const req = t.http.post('/api/devices/pair');
  return (from ? req.set('X-Forwarded-For', from) : req).send({ mobileCode });
};

describe('by default no proxy is trusted', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ config: { authRateLimitPer15Min: 3 } }); });
  afterAll(async () => { await t.close(); });

  it('a new X-Forwarded-For on every login does not escape the address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(t, uniqueEmail(), newAddress())).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('nor on every pairing attempt', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await pair(t, `YANLIS${i}`, newAddress())).status);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });
});

describe('TRUST_PROXY=1: behind one proxy', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ config: { authRateLimitPer15Min: 3, trustProxy: 1 } }); });
  afterAll(async () => { await t.close(); });

  it("takes the client's address from the proxy's X-Forwarded-For", async () => {
    const client = newAddress();
    for (let i = 0; i < 3; i++) expect((await login(t, uniqueEmail(), client)).status).toBe(401);
    expect((await login(t, uniqueEmail(), client)).status).toBe(429);
    // Another client behind the same proxy is counted apart.
    expect((await login(t, uniqueEmail(), newAddress())).status).toBe(401);
    // Only the hop the proxy added counts: an address the client wrote itself before it is ignored.
    expect((await login(t, uniqueEmail(), `${newAddress()}, ${client}`)).status).toBe(429);
  });
});

describe('a mobile code has a failure limit of its own', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ config: { authRateLimitPer15Min: 2, trustProxy: 1 } }); });
  afterAll(async () => { await t.close(); });

  it('refused twice from two addresses, the code is refused with 429 from a third; other codes are not', async () => {
    const c = await newCustomer(t, { maxScreens: 1 });
    const { mobileCode } = await t.ctx.db.purchase.findFirstOrThrow({ where: { userId: c.id } });
    // The package's one device place is taken: the code is right, but every pairing fails (409).
    expect((await pair(t, mobileCode!, newAddress())).status).toBe(201);
    expect((await pair(t, mobileCode!, newAddress())).status).toBe(409);
    expect((await pair(t, ` ${mobileCode!.toLowerCase()} `, newAddress())).status).toBe(409);

    const res = await pair(t, mobileCode!, newAddress());
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    const other = await newCustomer(t);
    const { mobileCode: otherCode } = await t.ctx.db.purchase.findFirstOrThrow({ where: { userId: other.id } });
    expect((await pair(t, otherCode!, newAddress())).status).toBe(201);
  });

  it('successful pairings do not count against the code', async () => {
    const c = await newCustomer(t, { maxScreens: 5 });
    const { mobileCode } = await t.ctx.db.purchase.findFirstOrThrow({ where: { userId: c.id } });
    for (let i = 0; i < 4; i++) expect((await pair(t, mobileCode!, newAddress())).status).toBe(201);
    expect(await t.ctx.db.device.count({ where: { ownerId: c.id } })).toBe(4);
  });
});
