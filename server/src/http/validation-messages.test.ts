import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, uniqueEmail, type TestApp, type TestUser } from '../../test/harness.js';

// Bodies the contract schemas give no message for (wrong JSON shape, wrong type in an optional
// field) must still answer in Turkish: zod's English defaults never reach people (docs/architecture/server.md#errors).
let t: TestApp;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await newCustomer(t);
});
afterAll(async () => { await t.close(); });

const english = /invalid|expected|received|too (big|small)|unrecognized/i;

describe('validation messages for malformed bodies', () => {
  it('an array or a missing JSON body answers a Turkish 400 and creates nothing', async () => {
    const email = uniqueEmail();
    for (const req of [
      t.http.post('/api/auth/register').send([{ email, password: 'secret123' }]),
      t.http.post('/api/auth/register').set('Content-Type', 'text/plain').send(JSON.stringify({ email, password: 'secret123' })),
    ]) {
      const res = await req;
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'İstek gövdesi geçersiz: bir JSON nesnesi bekleniyordu' });
    }
    expect(await t.ctx.db.user.findUnique({ where: { email } })).toBeNull();

    const playlists = await t.http.post('/api/playlists').set(customer.auth).send([]);
    expect(playlists.status).toBe(400);
    expect(playlists.body.message).toBe('İstek gövdesi geçersiz: bir JSON nesnesi bekleniyordu');
    expect(await t.ctx.db.playlist.count({ where: { ownerId: customer.id } })).toBe(0);
  });

  it('a wrong type or a missing field without its own message is Turkish too, details included', async () => {
    const email = uniqueEmail();
    const wrongType = await t.http.post('/api/auth/register').send({ email, password: 'secret123', firstName: 5 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ message: 'Geçersiz değer türü', details: [{ path: 'firstName', message: 'Geçersiz değer türü' }] });

    const missing = await t.http.post('/api/auth/admin-register').send({ email, password: 'secret123', adminKey: 'test-admin-key-123' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Zorunlu bir alan eksik');
    for (const d of missing.body.details) expect(d.message).not.toMatch(english);
    expect(await t.ctx.db.user.findUnique({ where: { email } })).toBeNull();
  });

  it('messages the contract sets itself still win', async () => {
    const res = await t.http.post('/api/screens').set(customer.auth).send({ name: '   ' });
    expect(res.body.message).toBe('Ekran adı zorunludur');
  });
});
