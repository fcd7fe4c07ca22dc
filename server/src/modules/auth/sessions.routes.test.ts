import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp } from '../../../test/harness.js';
import { passwordResetFor } from './password-reset.service.js';
import { deviceName } from './sessions.service.js';

/* Sessions (docs/PRODUCT.md#session, docs/architecture/sessions.md), against real PostgreSQL. */
let now = new Date();
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: () => now }); });
afterAll(async () => { await t.close(); });

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function signIn(email: string, userAgent = CHROME_LINUX) {
  const res = await t.http.post('/api/auth/login').set('User-Agent', userAgent).send({ email, password: 'secret123' }).expect(200);
  return { Authorization: `Bearer ${res.body.token as string}` };
}
type Listed = { _id: string; device: string; ip: string | null; current: boolean; createdAt: string; lastSeenAt: string };
const list = async (auth: { Authorization: string }) => (await t.http.get('/api/auth/sessions').set(auth).expect(200)).body as Listed[];

describe('GET /api/auth/sessions', () => {
  it("lists the user's own sign-ins with a readable device, and flags the current one", async () => {
    const u = await newUser(t);
    const laptop = await signIn(u.email);
    const phone = await signIn(u.email, SAFARI_IPHONE);
    await signIn((await newUser(t)).email); // someone else's
    const rows = await list(laptop);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r.device, r.current]).sort()).toEqual([['Chrome · Linux', true], ['Safari · iOS', false]]);
    expect(rows[0]).toEqual({
      _id: expect.any(String), device: expect.any(String), ip: expect.any(String), createdAt: expect.any(String), lastSeenAt: expect.any(String),
      current: expect.any(Boolean),
    });
    expect((await list(phone)).find((r) => r.current)?.device).toBe('Safari · iOS');
  });

  it('writes the last activity at most every five minutes', async () => {
    const u = await newUser(t);
    const auth = await signIn(u.email);
    const [first] = await list(auth);
    now = new Date(now.getTime() + 4 * 60_000);
    await t.http.get('/api/auth/verify').set(auth).expect(200);
    expect((await list(auth))[0]!.lastSeenAt).toBe(first!.lastSeenAt);
    now = new Date(now.getTime() + 2 * 60_000);
    await t.http.get('/api/auth/verify').set(auth).expect(200);
    expect((await list(auth))[0]!.lastSeenAt).toBe(now.toISOString());
  });
});

describe('ending sessions', () => {
  it("ends one session: its token answers 401 at its next request; another user's session is 404", async () => {
    const u = await newUser(t);
    const keep = await signIn(u.email);
    const lost = await signIn(u.email, SAFARI_IPHONE);
    const lostId = (await list(lost)).find((r) => r.current)!._id;

    const stranger = await newUser(t);
    const strangerAuth = await signIn(stranger.email);
    const res = await t.http.delete(`/api/auth/sessions/${lostId}`).set(strangerAuth).expect(404);
    expect(res.body.message).toBe('Oturum bulunamadı');
    await t.http.get('/api/auth/verify').set(lost).expect(200);

    expect((await t.http.delete(`/api/auth/sessions/${lostId}`).set(keep).expect(200)).body.message).toBe('Oturum kapatıldı');
    const refused = await t.http.get('/api/auth/verify').set(lost).expect(401);
    expect(refused.body.message).toBe('Geçersiz oturum, lütfen tekrar giriş yapın');
    await t.http.get('/api/auth/verify').set(keep).expect(200);
    expect((await list(keep)).map((r) => r._id)).not.toContain(lostId);
    await t.http.delete(`/api/auth/sessions/${lostId}`).set(keep).expect(404);
    await t.http.delete('/api/auth/sessions/not-an-id').set(keep).expect(400);
  });

  it("'Diğer oturumları kapat' ends every other session and keeps this one", async () => {
    const u = await newUser(t);
    const here = await signIn(u.email);
    const others = [await signIn(u.email), await signIn(u.email, SAFARI_IPHONE)];
    const res = await t.http.post('/api/auth/sessions/end-others').set(here).expect(200);
    expect(res.body).toEqual({ message: '2 oturum kapatıldı', ended: 2 });
    for (const auth of others) await t.http.get('/api/auth/verify').set(auth).expect(401);
    expect((await list(here)).map((r) => r.current)).toEqual([true]);
  });

  it('switching accounts stays the same session', async () => {
    const u = await newUser(t);
    const auth = await signIn(u.email);
    const account = await t.ctx.db.membership.findFirstOrThrow({ where: { userId: u.id } });
    const res = await t.http.post('/api/auth/switch-account').set(auth).send({ accountId: account.accountId }).expect(200);
    const switched = { Authorization: `Bearer ${res.body.token as string}` };
    const rows = await list(switched);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.current).toBe(true);
    await t.http.delete(`/api/auth/sessions/${rows[0]!._id}`).set(switched).expect(200);
    await t.http.get('/api/auth/verify').set(switched).expect(401);
  });

  it('logout still ends every session of the user (docs/PRODUCT.md#session)', async () => {
    const u = await newUser(t);
    const a = await signIn(u.email);
    const b = await signIn(u.email);
    await t.http.post('/api/auth/logout').set(a).expect(200);
    await t.http.get('/api/auth/verify').set(b).expect(401);
    expect(await t.ctx.db.userSession.count({ where: { userId: u.id } })).toBe(0);
  });
});

describe('a password reset', () => {
  it('ends every session, and the list starts afresh', async () => {
    const u = await newUser(t);
    const a = await signIn(u.email);
    const mail = await passwordResetFor(t.ctx, u.email);
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
    await t.http.post('/api/auth/reset-password').send({ token, password: 'yeni-sifre-1' }).expect(200);
    await t.http.get('/api/auth/verify').set(a).expect(401);
    expect(await t.ctx.db.userSession.count({ where: { userId: u.id } })).toBe(0);
  });
});

describe('deviceName', () => {
  it('names common browsers and systems', () => {
    expect(deviceName(CHROME_LINUX)).toBe('Chrome · Linux');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox · Windows');
    expect(deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge · macOS');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe('Chrome · Linux');
    expect(deviceName(undefined)).toBe('Bilinmeyen cihaz');
  });
});
