import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { sealText, sha256Hex } from '../../http/sealed-secret.js';
import { createTestApp, newAdmin, newCustomer, newMember, newUser, type TestApp, type TestUser } from '../../../test/harness.js';

/*
 * Two-factor sign-in (docs/PRODUCT.md#two-factor). The app's clock is moved, never waited on:
 * codes are made with otplib for the clock's time, as an authenticator app would.
 */
let now = new Date(Math.floor(Date.now() / 30_000) * 30_000 + 5_000);
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: () => now }); });
afterAll(async () => { await t.close(); });

const at = (secondsFromNow: number) => Math.floor(now.getTime() / 1000) + secondsFromNow;
const codeAt = (secret: string, secondsFromNow = 0) => generate({ secret, epoch: at(secondsFromNow) });
const nextWindow = () => { now = new Date(now.getTime() + 30_000); };

const login = (email: string) => t.http.post('/api/auth/login').send({ email, password: 'secret123' });

/** Sets two-factor up for `u` through the API; answers the secret and the recovery codes. */
async function enable(u: TestUser) {
  const setup = await t.http.post('/api/auth/2fa/setup').set(u.auth).send({ password: 'secret123' }).expect(200);
  const secret = new URL(setup.body.otpauthUrl as string).searchParams.get('secret')!;
  const res = await t.http.post('/api/auth/2fa/enable').set(u.auth).send({ code: await codeAt(secret), password: 'secret123' }).expect(200);
  // The enabling code's window is spent (replay): sign-ins in these tests start in the next one.
  nextWindow();
  return { secret, recoveryCodes: res.body.recoveryCodes as string[] };
}

async function ticketOf(email: string) {
  const res = await login(email).expect(200);
  expect(res.body).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
  return res.body.ticket as string;
}

const verify = (ticket: string, code: string) => t.http.post('/api/auth/2fa/verify').send({ ticket, code });

describe('setting two-factor up', () => {
  it('answers an otpauth link and an SVG QR, enables with a first code, and keeps the secret sealed', async () => {
    const u = await newUser(t);
    expect((await t.http.get('/api/auth/2fa').set(u.auth).expect(200)).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const setup = await t.http.post('/api/auth/2fa/setup').set(u.auth).send({ password: 'secret123' }).expect(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Pano:.+\?secret=[A-Z2-7]+/);
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const secret = new URL(setup.body.otpauthUrl as string).searchParams.get('secret')!;

    // Pending: login still answers the token, and a wrong first code changes nothing.
    expect((await login(u.email).expect(200)).body.token).toEqual(expect.any(String));
    const wrong = await t.http.post('/api/auth/2fa/enable').set(u.auth).send({ code: '000000', password: 'secret123' }).expect(400);
    expect(wrong.body).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID', message: expect.stringContaining('Doğrulama kodu hatalı') });
    expect((await t.http.get('/api/auth/2fa').set(u.auth)).body.enabled).toBe(false);

    const res = await t.http.post('/api/auth/2fa/enable').set(u.auth).send({ code: await codeAt(secret), password: 'secret123' }).expect(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect(new Set(res.body.recoveryCodes).size).toBe(10);
    expect((await t.http.get('/api/auth/2fa').set(u.auth)).body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: u.id } });
    expect(row.totpSecret).toBeTruthy();
    expect(row.totpSecret).not.toContain(secret);
    expect(row.totpPendingSecret).toBeNull();
    const stored = await t.ctx.db.recoveryCode.findMany({ where: { userId: u.id } });
    expect(stored.map((c) => c.codeHash)).not.toContain((res.body.recoveryCodes as string[])[0]!.replace('-', ''));
    // The secret is never shown again.
    const again = await t.http.post('/api/auth/2fa/setup').set(u.auth).send({ password: 'secret123' }).expect(409);
    expect(again.body.message).toBe('İki adımlı doğrulama zaten açık. Yeniden kurmak için önce kapatın.');
  });

  it('asks the password again when signed in: a stolen session cannot turn it on and lock its owner out', async () => {
    const u = await newUser(t);
    const none = await t.http.post('/api/auth/2fa/setup').set(u.auth).send({}).expect(400);
    expect(none.body.message).toBe('Şifre zorunludur: iki adımlı doğrulamayı kurmak için şifrenizi girin.');
    const wrong = await t.http.post('/api/auth/2fa/setup').set(u.auth).send({ password: 'tahmin' }).expect(403);
    expect(wrong.body.message).toBe('Şifre hatalı. İki adımlı doğrulamayı kurmak için kendi şifrenizi girin.');
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: u.id } })).totpPendingSecret).toBeNull();

    // The owner's own setup is under way; a thief holding the session sees the link but cannot enable.
    const setup = await t.http.post('/api/auth/2fa/setup').set(u.auth).send({ password: 'secret123' }).expect(200);
    const secret = new URL(setup.body.otpauthUrl as string).searchParams.get('secret')!;
    await t.http.post('/api/auth/2fa/enable').set(u.auth).send({ code: await codeAt(secret) }).expect(400);
    await t.http.post('/api/auth/2fa/enable').set(u.auth).send({ code: await codeAt(secret), password: 'tahmin' }).expect(403);
    expect((await t.http.get('/api/auth/2fa').set(u.auth)).body.enabled).toBe(false);
    await t.http.post('/api/auth/2fa/enable').set(u.auth).send({ code: await codeAt(secret), password: 'secret123' }).expect(200);
  });

  it('needs a session or a setup ticket', async () => {
    await t.http.post('/api/auth/2fa/setup').send({}).expect(401);
    const res = await t.http.post('/api/auth/2fa/setup').send({ ticket: 'made-up' }).expect(401);
    expect(res.body.code).toBe('LOGIN_TICKET_INVALID');
  });
});

describe('signing in with two-factor', () => {
  it('login answers a ticket instead of the token; a right code gives the normal answer, once', async () => {
    const u = await newUser(t);
    const { secret } = await enable(u);
    const ticket = await ticketOf(u.email);
    const res = await verify(ticket, await codeAt(secret)).expect(200);
    expect(res.body).toEqual({ token: expect.any(String), user: expect.objectContaining({ _id: u.id, email: u.email }) });
    await t.http.get('/api/auth/verify').set({ Authorization: `Bearer ${res.body.token as string}` }).expect(200);
    // The ticket is used up.
    nextWindow();
    const reuse = await verify(ticket, await codeAt(secret)).expect(401);
    expect(reuse.body.code).toBe('LOGIN_TICKET_INVALID');
  });

  it('accepts a code from the previous 30 s window and refuses an older one', async () => {
    const u = await newUser(t);
    const { secret } = await enable(u);
    nextWindow(); // the previous window is not the enabling one, spent
    await verify(await ticketOf(u.email), await codeAt(secret, -30)).expect(200);
    nextWindow();
    const old = await verify(await ticketOf(u.email), await codeAt(secret, -60)).expect(400);
    expect(old.body.code).toBe('TWO_FACTOR_CODE_INVALID');
    const future = await verify(await ticketOf(u.email), await codeAt(secret, 30)).expect(400);
    expect(future.body.code).toBe('TWO_FACTOR_CODE_INVALID');
  });

  it('refuses a code used once already in its window (replay)', async () => {
    const u = await newUser(t);
    const { secret } = await enable(u);
    const code = await codeAt(secret);
    await verify(await ticketOf(u.email), code).expect(200);
    const replay = await verify(await ticketOf(u.email), code).expect(400);
    expect(replay.body.code).toBe('TWO_FACTOR_CODE_INVALID');
    // Nor the previous window's code after this one was used.
    const earlier = await verify(await ticketOf(u.email), await codeAt(secret, -30)).expect(400);
    expect(earlier.body.code).toBe('TWO_FACTOR_CODE_INVALID');
    nextWindow();
    await verify(await ticketOf(u.email), await codeAt(secret)).expect(200);
  });

  it('accepts each recovery code once, dashes and case aside', async () => {
    const u = await newUser(t);
    const { recoveryCodes } = await enable(u);
    const [first, second] = recoveryCodes as [string, string];
    await verify(await ticketOf(u.email), first).expect(200);
    const again = await verify(await ticketOf(u.email), first).expect(400);
    expect(again.body.code).toBe('TWO_FACTOR_CODE_INVALID');
    await verify(await ticketOf(u.email), second.replace('-', ' ').toLowerCase()).expect(200);
    expect((await t.http.get('/api/auth/2fa').set(u.auth)).body.recoveryCodesLeft).toBe(8);
  });

  it('two recovery codes sent at once on one ticket: one signs in, the other is refused unspent', async () => {
    const u = await newUser(t);
    const { recoveryCodes } = await enable(u);
    const ticket = await ticketOf(u.email);
    const answers = await Promise.all([verify(ticket, recoveryCodes[0]!), verify(ticket, recoveryCodes[1]!)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(answers.find((r) => r.status === 401)!.body.code).toBe('LOGIN_TICKET_INVALID');
    expect((await t.http.get('/api/auth/2fa').set(u.auth)).body.recoveryCodesLeft).toBe(9);
  });

  it('a wrong code frees the ticket for the next try, a right one uses it up', async () => {
    const u = await newUser(t);
    const { secret } = await enable(u);
    const ticket = await ticketOf(u.email);
    await verify(ticket, '000000').expect(400);
    await verify(ticket, await codeAt(secret)).expect(200);
    nextWindow();
    const again = await verify(ticket, await codeAt(secret));
    expect([again.status, again.body.code]).toEqual([401, 'LOGIN_TICKET_INVALID']);
  });

  it('locks the ticket after five wrong codes, even for the right one then', async () => {
    const u = await newUser(t);
    const { secret } = await enable(u);
    const ticket = await ticketOf(u.email);
    for (let i = 0; i < 4; i++) await verify(ticket, '000000').expect(400);
    const fifth = await verify(ticket, '000000').expect(429);
    expect(fifth.body).toMatchObject({ code: 'LOGIN_TICKET_LOCKED', message: expect.stringContaining('5 kez hatalı') });
    const right = await verify(ticket, await codeAt(secret)).expect(429);
    expect(right.body.code).toBe('LOGIN_TICKET_LOCKED');
    // A new sign-in gets a new ticket.
    await verify(await ticketOf(u.email), await codeAt(secret)).expect(200);
  });

  it('counts wrong codes per person across tickets: a known password cannot fetch tickets without end', async () => {
    const u = await newUser(t);
    const { secret } = await enable(u);
    for (let ticket = 0; ticket < 2; ticket++) {
      const each = await ticketOf(u.email);
      for (let i = 0; i < 5; i++) await verify(each, '000000');
    }
    const third = await verify(await ticketOf(u.email), await codeAt(secret));
    expect([third.status, third.body.code]).toEqual([429, 'LOGIN_TICKET_LOCKED']);
    expect(third.body.message).toMatch(/^Son 15 dakikada çok fazla hatalı doğrulama kodu girildi/);
    expect(await t.ctx.db.loginTicket.count({ where: { userId: u.id } })).toBe(3);
    // Fifteen minutes on, the person signs in again; the old tickets, of no more use, are gone.
    now = new Date(now.getTime() + 15 * 60_000 + 1000);
    await verify(await ticketOf(u.email), await codeAt(secret)).expect(200);
    expect(await t.ctx.db.loginTicket.count({ where: { userId: u.id } })).toBe(1);
  });

  it('a ticket expires after five minutes', async () => {
    const u = await newUser(t);
    const { secret } = await enable(u);
    const ticket = await ticketOf(u.email);
    now = new Date(now.getTime() + 5 * 60_000);
    const res = await verify(ticket, await codeAt(secret)).expect(401);
    expect(res.body).toMatchObject({ code: 'LOGIN_TICKET_INVALID', message: expect.stringContaining('süresi doldu') });
    await verify(await ticketOf(u.email), await codeAt(secret)).expect(200);
  });

  it('a secret sealed under another signing secret (JWT_SECRET rotated) answers a Turkish 503, not a 500', async () => {
    const u = await newUser(t);
    await enable(u);
    // Sealed as before, under a key this server no longer derives.
    await t.ctx.db.user.update({ where: { id: u.id }, data: { totpSecret: sealText(randomBytes(32), 'JBSWY3DPEHPK3PXP') } });
    const res = await verify(await ticketOf(u.email), '123456');
    expect([res.status, res.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(res.body.message).toMatch(/^İki adımlı doğrulama anahtarınız şu anda okunamıyor: sunucunun gizli anahtarı \(JWT_SECRET\) değiştirilmiş/);
  });

  it('bad input is refused in Turkish', async () => {
    const res = await t.http.post('/api/auth/2fa/verify').send({ ticket: 'x' }).expect(400);
    expect(res.body.details).toEqual([{ path: 'code', message: 'Doğrulama kodu zorunludur' }]);
  });
});

describe('a sign-in waiting for its second factor', () => {
  it("ends with 'Diğer oturumları kapat', a password reset and logout: its ticket no longer takes a right code", async () => {
    const u = await newUser(t);
    const { secret } = await enable(u);
    const waiting = await ticketOf(u.email);
    await t.http.post('/api/auth/sessions/end-others').set(u.auth).expect(200);
    const ended = await verify(waiting, await codeAt(secret));
    expect([ended.status, ended.body.code]).toEqual([401, 'LOGIN_TICKET_INVALID']);

    const second = await ticketOf(u.email);
    const token = randomBytes(32).toString('base64url');
    await t.ctx.db.passwordResetToken.create({ data: { tokenHash: sha256Hex(token), userId: u.id, expiresAt: new Date(now.getTime() + 600_000) } });
    await t.http.post('/api/auth/reset-password').send({ token, password: 'yenisifre123' }).expect(200);
    const afterReset = await verify(second, await codeAt(secret));
    expect([afterReset.status, afterReset.body.code]).toEqual([401, 'LOGIN_TICKET_INVALID']);

    // Logout elsewhere ('all my sessions end') ends the one halfway too.
    const third = await t.http.post('/api/auth/login').send({ email: u.email, password: 'yenisifre123' }).expect(200);
    const signedIn = await verify(third.body.ticket as string, await codeAt(secret)).expect(200);
    nextWindow();
    const fourth = (await t.http.post('/api/auth/login').send({ email: u.email, password: 'yenisifre123' }).expect(200)).body.ticket as string;
    await t.http.post('/api/auth/logout').set('Authorization', `Bearer ${signedIn.body.token}`).expect(200);
    const afterLogout = await verify(fourth, await codeAt(secret));
    expect([afterLogout.status, afterLogout.body.code]).toEqual([401, 'LOGIN_TICKET_INVALID']);
  });
});

describe("a platform administrator's support reset", () => {
  it("clears a person's two-factor and recovery codes, ends a sign-in waiting for a code, and is recorded by the admin", async () => {
    const admin = await newAdmin(t);
    const hospital = await newCustomer(t);
    const u = await newMember(t, hospital.id, 'editor');
    const { secret, recoveryCodes } = await enable(u);
    const waiting = await ticketOf(u.email);

    // The administrator's own password is asked: a stolen session alone strips no one's second factor.
    const wrong = await t.http.post('/api/auth/2fa/reset').set(admin.auth).send({ email: u.email, password: 'tahmin-123' }).expect(403);
    expect(wrong.body.message).toBe('Şifre hatalı. Sıfırlamak için kendi şifrenizi girin.');
    expect((await t.http.get('/api/auth/2fa').set(u.auth)).body.enabled).toBe(true);
    const res = await t.http.post('/api/auth/2fa/reset').set(admin.auth).send({ email: u.email.toUpperCase(), password: 'secret123' }).expect(200);
    expect(res.body.message).toBe(`${u.email} için iki adımlı doğrulama sıfırlandı`);
    expect((await verify(waiting, await codeAt(secret))).status).toBe(401);
    expect((await t.http.get('/api/auth/2fa').set(u.auth)).body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect((await login(u.email).expect(200)).body.token).toEqual(expect.any(String));
    expect(recoveryCodes).toHaveLength(10);
    const events = await t.ctx.db.auditEvent.findMany({ where: { action: 'user.twoFactorReset', targetId: u.id } });
    // The platform's chain and each of the person's accounts (their own and the hospital), by the admin.
    expect(events.map((e) => e.chain).sort()).toEqual(['platform', u.id, hospital.id].sort());
    expect(new Set(events.map((e) => e.actorId))).toEqual(new Set([admin.id]));

    const again = await t.http.post('/api/auth/2fa/reset').set(admin.auth).send({ email: u.email, password: 'secret123' }).expect(409);
    expect(again.body.message).toBe('Bu kullanıcıda iki adımlı doğrulama zaten kapalı.');
  });

  it("an administrator with two-factor on gives their own code too, and cannot reset their own", async () => {
    const admin = await newAdmin(t);
    const { secret } = await enable(admin);
    const u = await newUser(t);
    await enable(u);
    const without = await t.http.post('/api/auth/2fa/reset').set(admin.auth).send({ email: u.email, password: 'secret123' }).expect(400);
    expect(without.body.message).toBe('Doğrulama kodu zorunludur');
    const own = await t.http.post('/api/auth/2fa/reset').set(admin.auth).send({ email: admin.email, password: 'secret123', code: await codeAt(secret) }).expect(409);
    expect(own.body.message).toBe("Kendi iki adımlı doğrulamanızı buradan sıfırlayamazsınız; Ayarlar'daki 'Kapat' ile kapatın.");
    nextWindow();
    await t.http.post('/api/auth/2fa/reset').set(admin.auth).send({ email: u.email, password: 'secret123', code: await codeAt(secret) }).expect(200);
  });

  it('is for platform administrators only; an unknown or malformed email is refused in Turkish', async () => {
    const admin = await newAdmin(t);
    const owner = await newCustomer(t);
    await t.http.post('/api/auth/2fa/reset').set(owner.auth).send({ email: owner.email, password: 'secret123' }).expect(403);
    await t.http.post('/api/auth/2fa/reset').send({ email: owner.email, password: 'secret123' }).expect(401);
    const unknown = await t.http.post('/api/auth/2fa/reset').set(admin.auth).send({ email: 'kimse@ornek.com', password: 'secret123' }).expect(404);
    expect(unknown.body.message).toBe('Kullanıcı bulunamadı');
    const bad = await t.http.post('/api/auth/2fa/reset').set(admin.auth).send({ email: 'eposta-degil', password: 'secret123' }).expect(400);
    expect(bad.body.message).toBe('Geçerli bir e-posta adresi girin');
  });
});

describe('turning two-factor off', () => {
  it('needs a right code (TOTP or recovery); then login answers the token again', async () => {
    const u = await newUser(t);
    const { recoveryCodes } = await enable(u);
    await t.http.delete('/api/auth/2fa').set(u.auth).send({ code: '123456' }).expect(400);
    await t.http.delete('/api/auth/2fa').set(u.auth).send({ code: recoveryCodes[3] }).expect(200);
    expect((await t.http.get('/api/auth/2fa').set(u.auth)).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect((await login(u.email).expect(200)).body.token).toEqual(expect.any(String));
    // Already off: said so (409), not a wrong code.
    const again = await t.http.delete('/api/auth/2fa').set(u.auth).send({ code: '123456' }).expect(409);
    expect(again.body.message).toBe('İki adımlı doğrulama zaten kapalı.');
  });
});

describe('an account that requires two-factor', () => {
  it('asks its members without it to set it up at sign-in, and the setup step signs them in', async () => {
    const owner = await newCustomer(t);
    const editor = await newMember(t, owner.id, 'editor');
    await t.http.put('/api/team/settings').set(editor.auth).send({ twoFactorRequired: true }).expect(403);
    const bad = await t.http.put('/api/team/settings').set(owner.auth).send({ twoFactorRequired: 'evet' }).expect(400);
    expect(bad.body.details[0].message).toBe('İki adımlı doğrulama zorunluluğu açık ya da kapalı olmalıdır');
    const put = await t.http.put('/api/team/settings').set(owner.auth).send({ twoFactorRequired: true }).expect(200);
    expect(put.body).toEqual({ twoFactorRequired: true, approvalRequired: false });
    expect((await t.http.get('/api/team/settings').set(owner.auth).expect(200)).body).toEqual({ twoFactorRequired: true, approvalRequired: false });

    const res = await login(editor.email).expect(200);
    expect(res.body).toEqual({ twoFactorSetupRequired: true, ticket: expect.any(String) });
    const ticket = res.body.ticket as string;
    // A setup ticket is no verify ticket.
    await verify(ticket, '000000').expect(401);
    const setup = await t.http.post('/api/auth/2fa/setup').send({ ticket }).expect(200);
    const secret = new URL(setup.body.otpauthUrl as string).searchParams.get('secret')!;
    await t.http.post('/api/auth/2fa/enable').send({ ticket, code: '000000' }).expect(400);
    const done = await t.http.post('/api/auth/2fa/enable').send({ ticket, code: await codeAt(secret) }).expect(200);
    expect(done.body).toEqual({
      recoveryCodes: expect.any(Array), token: expect.any(String),
      user: expect.objectContaining({ _id: editor.id, email: editor.email }),
    });
    // The ticket is spent; from now on the member signs in with a code, and cannot turn it off.
    await t.http.post('/api/auth/2fa/enable').send({ ticket, code: await codeAt(secret) }).expect(401);
    nextWindow();
    await ticketOf(editor.email);
    const off = await t.http.delete('/api/auth/2fa').set(editor.auth).send({ code: await codeAt(secret) }).expect(409);
    expect(off.body.message).toBe('Üyesi olduğunuz bir hesap iki adımlı doğrulamayı zorunlu tutuyor; kapatılamaz.');
    expect((await t.http.get('/api/auth/2fa').set(editor.auth)).body).toMatchObject({ enabled: true, required: true });
  });
});
