import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { newUser } from '../../../test/harness.js';
import { createMailingTestApp, type MailingTestApp } from '../../../test/mailing-app.js';

/*
 * docs/architecture/sessions.md#security-mail: a change of a person's own sign-in security is
 * mailed to them, through a real SMTP server started here.
 */
let app: MailingTestApp;
beforeAll(async () => { app = await createMailingTestApp(); });
afterAll(async () => { await app.close(); });

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const subjects = async (email: string) => {
  await app.t.ctx.mailer.settled();
  return app.smtp.to(email).map((m) => m.subject);
};

describe('security mails', () => {
  it('a password change is mailed with when and from which device; a refused one mails nothing', async () => {
    const u = await newUser(app.t);
    await app.t.http.post('/api/auth/password').set(u.auth).send({ currentPassword: 'yanlis-111', newPassword: 'yeni-sifre-1' }).expect(403);
    expect(await subjects(u.email)).toEqual([]);
    await app.t.http.post('/api/auth/password').set(u.auth).set('User-Agent', CHROME_LINUX)
      .send({ currentPassword: 'secret123', newPassword: 'yeni-sifre-1' }).expect(200);
    expect(await subjects(u.email)).toEqual(['Pano: şifreniz değiştirildi']);
    const mail = app.smtp.to(u.email).at(-1)!;
    expect(mail.text).toContain('bu cihaz dışındaki bütün oturumlarınız kapatıldı');
    expect(mail.text).toMatch(/Cihaz: Chrome · Linux · IP: \S+/);
    expect(mail.text).toContain('Oturumlarımı gör: https://pano.ornek.test/settings');
    expect(mail.html).toContain('href="https://pano.ornek.test/settings"');
  });

  it('two-factor turned on, then off, is mailed each time', async () => {
    const u = await newUser(app.t);
    const setup = await app.t.http.post('/api/auth/2fa/setup').set(u.auth).send({ password: 'secret123' }).expect(200);
    const secret = new URL(setup.body.otpauthUrl as string).searchParams.get('secret')!;
    const enabled = await app.t.http.post('/api/auth/2fa/enable').set(u.auth).send({ code: await generate({ secret }), password: 'secret123' }).expect(200);
    expect(await subjects(u.email)).toEqual(['Pano: iki adımlı doğrulama açıldı']);
    await app.t.http.delete('/api/auth/2fa').set(u.auth).send({ code: 'YANLI-SKOD1' }).expect(400);
    await app.t.http.delete('/api/auth/2fa').set(u.auth).send({ code: (enabled.body.recoveryCodes as string[])[0] }).expect(200);
    expect(await subjects(u.email)).toEqual(['Pano: iki adımlı doğrulama açıldı', 'Pano: iki adımlı doğrulama kapatıldı']);
  });

  it("a platform administrator's support reset is mailed to the person", async () => {
    const u = await newUser(app.t);
    const setup = await app.t.http.post('/api/auth/2fa/setup').set(u.auth).send({ password: 'secret123' }).expect(200);
    const secret = new URL(setup.body.otpauthUrl as string).searchParams.get('secret')!;
    await app.t.http.post('/api/auth/2fa/enable').set(u.auth).send({ code: await generate({ secret }), password: 'secret123' }).expect(200);
    await app.t.http.post('/api/auth/2fa/reset').set((await newUser(app.t, 'admin')).auth).set('User-Agent', CHROME_LINUX)
      .send({ email: u.email, password: 'secret123' }).expect(200);
    expect(await subjects(u.email)).toEqual(['Pano: iki adımlı doğrulama açıldı', 'Pano: iki adımlı doğrulamanız sıfırlandı']);
    const mail = app.smtp.to(u.email).at(-1)!.text ?? '';
    expect(mail).toContain('Pano destek ekibi isteğiniz üzerine');
    expect(mail).toContain('Bu sıfırlamayı siz istemediyseniz');
    // Support's own device and address are not told.
    expect(mail).not.toMatch(/Cihaz:|IP:/);
  });
});
