import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, newUser, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { createMailingTestApp, type MailingTestApp } from '../../../test/mailing-app.js';
import { createLogger } from '../../logger.js';

// docs/PRODUCT.md#forgot-password, docs/architecture/security.md#password-reset: the mail goes
// through a real SMTP server started here, and the link is read out of what it received.
// The app's clock can be moved forward, so "an hour later" needs no waiting.
let app: MailingTestApp;
let smtp: MailingTestApp['smtp'];
let t: TestApp;
beforeAll(async () => {
  app = await createMailingTestApp();
  ({ t, smtp } = app);
});
afterAll(async () => { await app.close(); });

const ANSWER = 'Bu e-posta adresiyle kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderildi. Bağlantı 60 dakika geçerlidir; gelen kutunuzu ve istenmeyen klasörünü kontrol edin.';
const LINK = /https:\/\/pano\.ornek\.test\/sifre-sifirla\?token=([A-Za-z0-9_-]{43})/;

const loginAs = async (email: string, password = 'secret123') => {
  const res = await t.http.post('/api/auth/login').send({ email, password }).expect(200);
  return { Authorization: `Bearer ${res.body.token as string}` };
};

/** Asks for a reset and, once the mail is sent, returns the token of the link it carries. */
async function mailedToken(email: string): Promise<string> {
  const before = smtp.to(email).length;
  const res = await t.http.post('/api/auth/forgot-password').send({ email });
  expect([res.status, res.body]).toEqual([202, { message: ANSWER }]);
  await t.ctx.mailer.settled();
  const mails = smtp.to(email);
  expect(mails).toHaveLength(before + 1);
  return LINK.exec(mails.at(-1)!.text ?? '')![1]!;
}

describe('forgot and reset password', () => {
  it('a link issued is an event in the person\'s accounts, written after the answer, with the asking address; an unknown address writes none', async () => {
    const u = await newCustomer(t);
    const before = await t.ctx.db.auditEvent.count();
    await t.http.post('/api/auth/forgot-password').set('X-Forwarded-For', '203.0.113.9').send({ email: uniqueEmail('kimse') }).expect(202);
    await t.ctx.mailer.settled();
    expect(await t.ctx.db.auditEvent.count({ where: { action: 'user.passwordResetRequest', targetId: u.id } })).toBe(0);
    await mailedToken(u.email);
    const [event] = await t.ctx.db.auditEvent.findMany({ where: { chain: u.id, action: 'user.passwordResetRequest' } });
    expect(event).toMatchObject({ actorType: 'system', targetType: 'user', targetId: u.id, ip: expect.any(String) });
    expect(JSON.stringify(event!.changes)).not.toMatch(/token/i);
    expect(await t.ctx.db.auditEvent.count()).toBe(before + 1);
  });

  it('mails a one-time link in Turkish (text and HTML); the reset ends every session and the old password', async () => {
    const u = await newUser(t);
    const session = await loginAs(u.email);
    const token = await mailedToken(u.email);

    const mail = smtp.to(u.email).at(-1)!;
    expect(mail.subject).toBe('Pano şifre sıfırlama');
    expect(mail.from?.value).toEqual([{ address: 'pano@ornek.test', name: 'Pano' }]);
    expect(mail.text).toContain('Bağlantı 60 dakika geçerlidir ve yalnızca bir kez kullanılabilir.');
    expect(mail.html).toContain(`href="https://pano.ornek.test/sifre-sifirla?token=${token}"`);
    expect(mail.html).toContain('Şifrenizi sıfırlayın');
    // Only a hash is stored.
    expect(await t.ctx.db.passwordResetToken.count({ where: { tokenHash: token } })).toBe(0);
    // Asking changes nothing yet.
    await t.http.get('/api/auth/verify').set(session).expect(200);

    const res = await t.http.post('/api/auth/reset-password').send({ token, password: 'yeni-sifre-1' });
    expect([res.status, res.body]).toEqual([200, { message: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.' }]);

    await t.http.get('/api/auth/verify').set(session).expect(401);
    await t.http.get('/api/auth/verify').set(u.auth).expect(401);
    await t.http.post('/api/auth/login').send({ email: u.email, password: 'secret123' }).expect(401);
    await t.http.get('/api/auth/verify').set(await loginAs(u.email, 'yeni-sifre-1')).expect(200);

    // One use.
    const again = await t.http.post('/api/auth/reset-password').send({ token, password: 'baska-sifre-2' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 'RESET_LINK_INVALID',
      message: 'Bu şifre sıfırlama bağlantısı geçersiz ya da daha önce kullanılmış. "Şifremi unuttum" sayfasından yeni bir bağlantı isteyin.',
    });
    await loginAs(u.email, 'yeni-sifre-1');
  });

  it('answers an unknown address exactly the same and mails nobody', async () => {
    const email = uniqueEmail('nobody');
    const res = await t.http.post('/api/auth/forgot-password').send({ email });
    expect([res.status, res.body]).toEqual([202, { message: ANSWER }]);
    await t.ctx.mailer.settled();
    expect(smtp.to(email)).toEqual([]);
  });

  it('reads the address as login does (case, blanks)', async () => {
    const u = await newUser(t);
    await t.http.post('/api/auth/forgot-password').send({ email: ` ${u.email.toUpperCase()} ` }).expect(202);
    await t.ctx.mailer.settled();
    expect(smtp.to(u.email)).toHaveLength(1);
  });

  it('refuses a link older than an hour, changing nothing', async () => {
    const u = await newUser(t);
    const session = await loginAs(u.email);
    const token = await mailedToken(u.email);
    await app.later(60 * 60_000 + 1000, async () => {
      const res = await t.http.post('/api/auth/reset-password').send({ token, password: 'yeni-sifre-1' });
      expect([res.status, res.body.code, res.body.message]).toEqual([400, 'RESET_LINK_EXPIRED',
        'Bu şifre sıfırlama bağlantısının süresi dolmuş (bağlantılar 60 dakika geçerlidir). "Şifremi unuttum" sayfasından yeni bir bağlantı isteyin.']);
    });
    await t.http.get('/api/auth/verify').set(session).expect(200);
    await loginAs(u.email);
  });

  it('keeps a link good within its hour', async () => {
    const u = await newUser(t);
    const token = await mailedToken(u.email);
    await app.later(59 * 60_000, () => t.http.post('/api/auth/reset-password').send({ token, password: 'yeni-sifre-1' }).expect(200));
  });

  it('ends earlier links when a new one is asked for', async () => {
    const u = await newUser(t);
    const first = await mailedToken(u.email);
    const second = await mailedToken(u.email);
    const res = await t.http.post('/api/auth/reset-password').send({ token: first, password: 'yeni-sifre-1' });
    expect([res.status, res.body.code]).toEqual([400, 'RESET_LINK_INVALID']);
    await t.http.post('/api/auth/reset-password').send({ token: second, password: 'yeni-sifre-1' }).expect(200);
  });

  it('refuses bad input in Turkish and keeps the link usable', async () => {
    const u = await newUser(t);
    const token = await mailedToken(u.email);
    const short = await t.http.post('/api/auth/reset-password').send({ token, password: '12345' });
    expect([short.status, short.body.code, short.body.message]).toEqual([400, 'VALIDATION_ERROR', 'Şifre en az 6 karakter olmalıdır']);
    const none = await t.http.post('/api/auth/reset-password').send({ password: 'yeni-sifre-1' });
    expect([none.status, none.body.message]).toEqual([400, 'Şifre sıfırlama bağlantısı geçersiz']);
    const forged = await t.http.post('/api/auth/reset-password').send({ token: 'x'.repeat(43), password: 'yeni-sifre-1' });
    expect([forged.status, forged.body.code]).toEqual([400, 'RESET_LINK_INVALID']);
    const badEmail = await t.http.post('/api/auth/forgot-password').send({ email: 'ayse@' });
    expect([badEmail.status, badEmail.body.message]).toEqual([400, 'Geçerli bir e-posta adresi girin']);

    await loginAs(u.email);
    await t.http.post('/api/auth/reset-password').send({ token, password: 'yeni-sifre-1' }).expect(200);
  });

  it('mails one address at most 5 times per 15 minutes, known or not', async () => {
    const u = await newUser(t);
    for (let i = 0; i < 5; i++) await mailedToken(u.email);
    const limited = await t.http.post('/api/auth/forgot-password').send({ email: u.email });
    expect([limited.status, limited.body]).toEqual([429, { code: 'RATE_LIMITED', message: 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.' }]);

    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 5; i++) await t.http.post('/api/auth/forgot-password').send({ email: unknown }).expect(202);
    await t.http.post('/api/auth/forgot-password').send({ email: unknown }).expect(429);
    await t.ctx.mailer.settled();
    expect(smtp.to(u.email)).toHaveLength(5);
  });
});

describe('forgot password, per address', () => {
  it('limits the requests of one address to RATE_LIMIT_AUTH_PER_15MIN, whatever they name', async () => {
    const small = await createTestApp({ config: { authRateLimitPer15Min: 3 } });
    try {
      for (let i = 0; i < 3; i++) await small.http.post('/api/auth/forgot-password').send({ email: uniqueEmail('nobody') }).expect(202);
      await small.http.post('/api/auth/forgot-password').send({ email: uniqueEmail('nobody') }).expect(429);
    } finally {
      await small.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail (to, subject, text with the link) to the log', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
    try {
      expect(logged.ctx.mailer.delivers).toBe(false);
      const u = await newUser(logged);
      await logged.http.post('/api/auth/forgot-password').send({ email: u.email }).expect(202);
      await logged.ctx.mailer.settled();
      const mails = lines.map((l) => JSON.parse(l) as { msg: string; mail?: { to: string; subject: string; text: string } }).filter((l) => l.mail);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.mail).toMatchObject({ to: u.email, subject: 'Pano şifre sıfırlama' });
      const token = /\/sifre-sifirla\?token=([A-Za-z0-9_-]{43})/.exec(mails[0]!.mail!.text)![1]!;
      await logged.http.post('/api/auth/reset-password').send({ token, password: 'yeni-sifre-1' }).expect(200);
    } finally {
      await logged.close();
    }
  });
});
