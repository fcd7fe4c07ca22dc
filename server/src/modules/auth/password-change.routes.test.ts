import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { passwordResetFor } from './password-reset.service.js';
import { issueTicket } from './two-factor.service.js';

/*
 * 'Şifre Değiştir' (docs/PRODUCT.md#password-change, docs/architecture/sessions.md#password),
 * against real PostgreSQL: this sign-in goes on with a new token, every other way in ends.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

type Auth = { Authorization: string };
async function signIn(email: string, password = 'secret123'): Promise<Auth> {
  const res = await t.http.post('/api/auth/login').send({ email, password }).expect(200);
  return { Authorization: `Bearer ${res.body.token as string}` };
}
const change = (auth: Auth, currentPassword: string, newPassword: string) =>
  t.http.post('/api/auth/password').set(auth).send({ currentPassword, newPassword });
const sessionsOf = (auth: Auth) => t.http.get('/api/auth/sessions').set(auth).expect(200)
  .then((r) => r.body as { _id: string; current: boolean }[]);
const eventsOf = (u: TestUser) => t.ctx.db.auditEvent.findMany({ where: { chain: u.id, action: 'user.passwordChange' } });

describe('POST /api/auth/password', () => {
  it('sets the new password; this sign-in goes on with a new token, the others and every earlier token end', async () => {
    const u = await newUser(t);
    const here = await signIn(u.email);
    const [laptop, phone] = [await signIn(u.email), await signIn(u.email)];
    const hereId = (await sessionsOf(here)).find((s) => s.current)!._id;

    const res = await change(here, 'secret123', 'yeni-sifre-1').expect(200);
    expect(res.body).toEqual({
      message: 'Şifreniz değiştirildi; diğer 2 oturumunuz kapatıldı', ended: 2,
      token: expect.any(String), user: expect.objectContaining({ _id: u.id, email: u.email, account: expect.objectContaining({ _id: u.id }) }),
    });
    const next = { Authorization: `Bearer ${res.body.token as string}` };
    // The same session, now with the new token only.
    expect(await sessionsOf(next)).toEqual([expect.objectContaining({ _id: hereId, current: true })]);
    for (const old of [here, laptop, phone, u.auth]) await t.http.get('/api/auth/verify').set(old).expect(401);

    await t.http.post('/api/auth/login').send({ email: u.email, password: 'secret123' }).expect(401);
    await signIn(u.email, 'yeni-sifre-1');
    const [event] = await eventsOf(u);
    expect(event).toMatchObject({ actorId: u.id, targetId: u.id, changes: { sessions: [2, 0] } });
    expect(JSON.stringify(event!.changes)).not.toMatch(/sifre|secret/);
  });

  it('a token from before sessions had rows gets a session of its own', async () => {
    const u = await newUser(t); // its token names no session
    const res = await change(u.auth, 'secret123', 'yeni-sifre-1').expect(200);
    expect(res.body.ended).toBe(0);
    expect(res.body.message).toBe('Şifreniz değiştirildi');
    const next = { Authorization: `Bearer ${res.body.token as string}` };
    expect((await sessionsOf(next)).map((s) => s.current)).toEqual([true]);
    await t.http.get('/api/auth/verify').set(u.auth).expect(401);
  });

  it('ends sign-ins waiting for a second factor and unused reset links too', async () => {
    const u = await newUser(t);
    const mail = await passwordResetFor(t.ctx, u.email);
    const resetToken = /token=([\w-]+)/.exec(mail!.text)![1]!;
    await issueTicket(t.ctx, u.id, 'verify');

    await change(u.auth, 'secret123', 'yeni-sifre-1').expect(200);
    expect(await t.ctx.db.loginTicket.count({ where: { userId: u.id } })).toBe(0);
    const reset = await t.http.post('/api/auth/reset-password').send({ token: resetToken, password: 'baskasi-123' }).expect(400);
    expect(reset.body.code).toBe('RESET_LINK_INVALID');
    await signIn(u.email, 'yeni-sifre-1');
  });

  it('a wrong current password is 403 and changes nothing', async () => {
    const u = await newUser(t);
    const here = await signIn(u.email);
    const other = await signIn(u.email);
    const res = await change(here, 'not-mine-1', 'yeni-sifre-1').expect(403);
    expect(res.body.message).toBe('Mevcut şifreniz hatalı. Şifrenizi değiştirmek için şu anki şifrenizi girin.');
    for (const auth of [here, other, u.auth]) await t.http.get('/api/auth/verify').set(auth).expect(200);
    await signIn(u.email);
    expect(await eventsOf(u)).toEqual([]);
  });

  it.each([
    [{ newPassword: 'yeni-sifre-1' }, 'Şifre zorunludur'],
    [{ currentPassword: 'secret123', newPassword: '123' }, 'Şifre en az 6 karakter olmalıdır'],
    [{ currentPassword: 'secret123', newPassword: 'secret123' }, 'Yeni şifre mevcut şifrenizden farklı olmalıdır'],
  ])('refuses %j with 400 and a Turkish reason', async (body, message) => {
    const u = await newUser(t);
    const res = await t.http.post('/api/auth/password').set(u.auth).send(body).expect(400);
    expect(res.body.message).toBe(message);
    await t.http.get('/api/auth/verify').set(u.auth).expect(200);
  });

  it('asks for a sign-in', async () => {
    await t.http.post('/api/auth/password').send({ currentPassword: 'secret123', newPassword: 'yeni-sifre-1' }).expect(401);
  });

  it('two changes at once from the same old password: one wins, the other is refused', async () => {
    const u = await newUser(t);
    const [a, b] = [await signIn(u.email), await signIn(u.email)];
    const answers = await Promise.all([change(a, 'secret123', 'birinci-111'), change(b, 'secret123', 'ikinci-222')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const winner = answers[0]!.status === 200 ? 'birinci-111' : 'ikinci-222';
    await signIn(u.email, winner);
    expect(await eventsOf(u)).toHaveLength(1);
  });
});

describe('POST /api/auth/password, guessed from many addresses', () => {
  let limited: TestApp;
  beforeAll(async () => { limited = await createTestApp({ config: { authRateLimitPer15Min: 3, trustProxy: 1 } }); });
  afterAll(async () => { await limited.close(); });

  it('a stolen session guessing the current password is stopped per person, whatever the address', async () => {
    const u = await newUser(limited);
    const from = (n: number) => `198.51.100.${n}`;
    for (let i = 1; i <= 3; i++) {
      await limited.http.post('/api/auth/password').set(u.auth).set('X-Forwarded-For', from(i))
        .send({ currentPassword: `tahmin-${i}00`, newPassword: 'yeni-sifre-1' }).expect(403);
    }
    const res = await limited.http.post('/api/auth/password').set(u.auth).set('X-Forwarded-For', from(4))
      .send({ currentPassword: 'secret123', newPassword: 'yeni-sifre-1' });
    expect([res.status, res.body.code]).toEqual([429, 'RATE_LIMITED']);
    await limited.http.get('/api/auth/verify').set(u.auth).expect(200);
  });
});
