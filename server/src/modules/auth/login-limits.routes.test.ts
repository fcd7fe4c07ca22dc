import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, uniqueEmail, type TestApp } from '../../../test/harness.js';

// Each app here runs as behind one proxy (TRUST_PROXY=1), so X-Forwarded-For gives each
// request its address; proxy-trust.routes.test.ts covers the default, which ignores the header.
let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

const login = (t: TestApp, from: string, email: string, password: string) =>
  t.http.post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });

describe('login limit at its default (30 per 15 minutes)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ config: { authRateLimitPer15Min: 30, trustProxy: 1 } }); });
  afterAll(async () => { await t.close(); });

  it('lets 40 successful logins from one address through: successes do not count', async () => {
    const from = newAddress();
    const staff = [await newUser(t), await newUser(t)];
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await login(t, from, staff[i % 2]!.email, 'secret123')).status);
    expect(statuses).toEqual(Array(40).fill(200));
  }, 120_000); // 40 password hashes on a shared machine
});

describe('failed attempts are limited', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ config: { authRateLimitPer15Min: 3, trustProxy: 1 } }); });
  afterAll(async () => { await t.close(); });

  it('per address: after 3 failures (successes in between are free) the address gets 429, even with a right password', async () => {
    const from = newAddress();
    const u = await newUser(t);
    expect((await login(t, from, uniqueEmail(), 'wrong-pass')).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(t, from, u.email, 'secret123')).status).toBe(200);
    expect((await login(t, from, uniqueEmail(), 'wrong-pass')).status).toBe(401);
    expect((await login(t, from, u.email, 'wrong-pass')).status).toBe(401);

    const res = await login(t, from, u.email, 'secret123');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 'RATE_LIMITED', message: 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.' });
    // Another address is not affected.
    expect((await login(t, newAddress(), u.email, 'secret123')).status).toBe(200);
  });

  it('wrong second-factor codes have their own budget: they do not use up the address\'s logins', async () => {
    const from = newAddress();
    const u = await newUser(t);
    // Two-factor on, as enabling leaves it (the secret's codes are never guessed here).
    await t.ctx.db.user.update({ where: { id: u.id }, data: { totpEnabledAt: new Date(), totpSecret: null } });
    const verify = (ticket: string) => t.http.post('/api/auth/2fa/verify').set('X-Forwarded-For', from).send({ ticket, code: '000000' });
    const ticket = async () => (await login(t, from, u.email, 'secret123').expect(200)).body.ticket as string;
    for (let i = 0; i < 3; i++) expect((await verify(await ticket())).status).toBe(400);
    expect((await verify(await ticket())).status).toBe(429);
    // The password sign-in from that address still works.
    expect((await login(t, from, u.email, 'secret123')).status).toBe(200);
  });

  it('per account: 3 failures from 3 addresses lock that account (any spelling of its email), not others', async () => {
    const victim = await newUser(t);
    const other = await newUser(t);
    for (let i = 0; i < 3; i++) expect((await login(t, newAddress(), victim.email, 'wrong-pass')).status).toBe(401);

    const from = newAddress();
    const res = await login(t, from, ` ${victim.email.toUpperCase()} `, 'secret123');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect((await login(t, from, other.email, 'secret123')).status).toBe(200);
  });

  it('register and admin-register failures share the address counter with login; their successes are free', async () => {
    const from = newAddress();
    const register = (email: string) => t.http.post('/api/auth/register').set('X-Forwarded-For', from).send({ email, password: 'secret123' });
    for (let i = 0; i < 4; i++) expect((await register(uniqueEmail())).status).toBe(201);
    const taken = uniqueEmail();
    await register(taken);
    expect((await register(taken)).status).toBe(409);
    const adminRes = await t.http.post('/api/auth/admin-register').set('X-Forwarded-For', from)
      .send({ email: uniqueEmail(), password: 'secret123', firstName: 'Ayşe', lastName: 'Yılmaz', adminKey: 'wrong' });
    expect(adminRes.status).toBe(403);
    expect((await login(t, from, uniqueEmail(), 'wrong-pass')).status).toBe(401);

    expect((await login(t, from, taken, 'secret123')).status).toBe(429);
  });
});
