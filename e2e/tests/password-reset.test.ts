import { afterAll, describe, expect, it } from 'vitest';
import { startLocalSmtp } from '../../server/test/smtp-server';
import { snap } from '../support/browser';
import { apiLogin, apiRegister, loginThroughUi, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';

// docs/PRODUCT.md#forgot-password, end to end: the built server mails through a real SMTP server
// started here, and the browser follows the link the mail carries.
const smtp = await startLocalSmtp();
afterAll(() => smtp.close());
const e2e = useE2E({ SMTP_URL: smtp.url, MAIL_FROM: 'Pano <pano@example.com>' });

describe('forgot password', () => {
  it("'Şifremi unuttum' → mail → new password → login; the old session ends", async () => {
    const email = uniqueEmail('unuttum');
    await apiRegister(e2e.server.url, email);
    const oldSession = await apiLogin(e2e.server.url, email);
    const { page, errors } = await e2e.newPage();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Şifremi unuttum' }).click();
    await page.getByRole('heading', { name: 'Şifremi Unuttum' }).waitFor();
    await snap(page, 'password-reset', '01-forgot');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Bağlantı Gönder' }).click();
    await page.getByText('Bu e-posta adresiyle kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderildi.').waitFor();
    await snap(page, 'password-reset', '02-forgot-sent');

    await expect.poll(() => smtp.to(email).length, { timeout: 15_000 }).toBe(1);
    const link = /https?:\/\/[^/\s]+(\/sifre-sifirla\?token=[A-Za-z0-9_-]+)/.exec(smtp.to(email)[0]!.text ?? '')![1]!;
    await page.goto(link);
    await page.getByRole('heading', { name: 'Yeni Şifre Belirle' }).waitFor();
    await snap(page, 'password-reset', '03-reset');
    await page.getByLabel('Yeni şifre').fill('Yeni-Parola-1');
    await page.getByRole('button', { name: 'Şifreyi Kaydet' }).click();
    await page.getByText('Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.').waitFor();
    await snap(page, 'password-reset', '04-login-after-reset');

    const verify = await fetch(`${e2e.server.url}/api/auth/verify`, { headers: { Authorization: `Bearer ${oldSession}` } });
    expect(verify.status).toBe(401);
    await loginThroughUi(page, email, 'Yeni-Parola-1');

    // The link was used: opening it again says so.
    const other = await e2e.newPage();
    await other.page.goto(link);
    await other.page.getByLabel('Yeni şifre').fill('Baska-Parola-2');
    await other.page.getByRole('button', { name: 'Şifreyi Kaydet' }).click();
    await other.page.getByText('Bu şifre sıfırlama bağlantısı geçersiz ya da daha önce kullanılmış.', { exact: false }).waitFor();
    await snap(other.page, 'password-reset', '05-link-used');
    expect(errors).toEqual([]);
  });
});
