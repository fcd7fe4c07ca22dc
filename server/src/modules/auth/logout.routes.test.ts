import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newAdmin, newUser, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const loginAs = async (email: string) => {
  const res = await t.http.post('/api/auth/login').send({ email, password: 'secret123' }).expect(200);
  return { Authorization: `Bearer ${res.body.token as string}` };
};

describe('POST /api/auth/logout', () => {
  it('revokes the token on the server: a copy of it answers 401 afterwards, everywhere', async () => {
    const u = await newUser(t);
    const session = await loginAs(u.email);
    const otherBrowser = await loginAs(u.email);
    await t.http.get('/api/auth/verify').set(session).expect(200);

    const res = await t.http.post('/api/auth/logout').set(session).expect(200);
    expect(res.body.message).toBe('Çıkış yapıldı');

    for (const auth of [session, otherBrowser]) {
      const verify = await t.http.get('/api/auth/verify').set(auth);
      expect(verify.status).toBe(401);
      expect(verify.body).toEqual({ code: 'UNAUTHORIZED', message: 'Geçersiz oturum, lütfen tekrar giriş yapın' });
      await t.http.get('/api/devices').set(auth).expect(401);
    }
    // A new login works as before.
    await t.http.get('/api/auth/verify').set(await loginAs(u.email)).expect(200);
  });

  it('needs a valid session, and a dead one stays dead', async () => {
    const u = await newUser(t);
    const session = await loginAs(u.email);
    await t.http.post('/api/auth/logout').expect(401);
    await t.http.post('/api/auth/logout').set(session).expect(200);
    await t.http.post('/api/auth/logout').set(session).expect(401);
  });
});

describe('account deletion', () => {
  it("kills the deleted admin's token at once", async () => {
    await newAdmin(t); // someone stays admin
    const admin = await newAdmin(t);
    const session = await loginAs(admin.email);
    await t.http.delete('/api/auth/admin').set(session).expect(200);
    await t.http.get('/api/auth/verify').set(session).expect(401);
    await t.http.get('/api/auth/verify').set(admin.auth).expect(401);
  });
});
