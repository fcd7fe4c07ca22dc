import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { snap } from '../support/browser';
import { apiLogin, apiRegister, apiRegisterAdmin, PASSWORD, signInWithToken, uniqueEmail } from '../support/accounts';
import { grantPackage } from '../support/packages';
import { useE2E } from '../support/harness';

// docs/PRODUCT.md#two-factor, #session and #password-change, end to end: set up on /settings,
// sign in with the second step, see and end sessions, change the password. Codes are made with otplib, as an authenticator app would.
const e2e = useE2E();

/** A customer with a package (so /settings shows every card), signed in through the API. */
async function customer() {
  const email = uniqueEmail('iki-adim');
  await apiRegister(e2e.server.url, email);
  const token = await apiLogin(e2e.server.url, email);
  expect(await grantPackage({ baseUrl: e2e.server.url, token })).toBe(true);
  return { email, token };
}

const call = async (path: string, token: string, body: object) => {
  const res = await fetch(`${e2e.server.url}${path}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
};

describe('two-factor sign-in', () => {
  it("is set up on /settings: QR, a wrong then a right code, recovery codes shown once", async () => {
    const { token } = await customer();
    const { page, errors } = await e2e.newPage();
    await signInWithToken(page, token, '/settings');
    const card = page.locator('.two-factor-card');
    await card.getByRole('button', { name: 'Kur' }).click();
    await card.getByLabel('Şifreniz').fill(PASSWORD);
    await card.getByRole('button', { name: 'Devam' }).click();
    await card.getByRole('img', { name: 'İki adımlı doğrulama için QR kodu' }).waitFor();
    await snap(page, 'two-factor', '01-settings-setup');
    const key = (await card.locator('.two-factor-key').innerText()).replace(/\s/g, '');
    await card.getByLabel('Doğrulama kodu').fill('000000');
    await card.getByRole('button', { name: 'Etkinleştir' }).click();
    await card.getByText('Doğrulama kodu hatalı').waitFor();
    await card.getByLabel('Doğrulama kodu').fill(await generate({ secret: key }));
    await card.getByRole('button', { name: 'Etkinleştir' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await snap(page, 'two-factor', '02-recovery-codes');
    await card.getByRole('button', { name: 'Kodları kaydettim' }).click();
    await card.getByText('Açık', { exact: true }).waitFor();
    expect(await page.getByTestId('recovery-codes').count()).toBe(0);
    // The wrong code's refusal, and nothing else.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });

  it("login asks for 'Doğrulama kodu'; a recovery code signs in; the other session is ended from /settings", async () => {
    const { email, token } = await customer();
    const setup = await call('/api/auth/2fa/setup', token, { password: PASSWORD });
    const secret = new URL(setup.otpauthUrl as string).searchParams.get('secret')!;
    const { recoveryCodes } = await call('/api/auth/2fa/enable', token, { code: await generate({ secret }), password: PASSWORD }) as { recoveryCodes: string[] };

    const { page, errors } = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Şifre').fill(PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.getByRole('heading', { name: 'İki Adımlı Doğrulama' }).waitFor();
    await snap(page, 'two-factor', '03-login-second-step');
    await page.getByLabel('Doğrulama kodu').fill('111111');
    await page.getByRole('button', { name: 'Doğrula ve Giriş Yap' }).click();
    await page.getByText('Doğrulama kodu hatalı').waitFor();
    await page.getByLabel('Doğrulama kodu').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Doğrula ve Giriş Yap' }).click();
    await page.waitForURL('**/packages');

    await page.goto('/settings');
    const sessions = page.locator('.sessions-card');
    await sessions.getByText('Bu cihaz').waitFor();
    expect(await sessions.getByTestId('session-row').count()).toBe(2);
    await snap(page, 'two-factor', '04-sessions');
    await sessions.getByRole('button', { name: 'Diğer oturumları kapat' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Diğer oturumları kapat' }).click();
    await sessions.getByText('Başka açık oturum yok.').waitFor();
    const old = await fetch(`${e2e.server.url}/api/auth/verify`, { headers: { Authorization: `Bearer ${token}` } });
    expect(old.status).toBe(401);
    // The wrong code's refusal, and nothing else.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);

    // A recovery code works once: signing in again with the same one is refused.
    const again = await e2e.newPage();
    await again.page.goto('/login');
    await again.page.getByLabel('Email').fill(email);
    await again.page.getByLabel('Şifre').fill(PASSWORD);
    await again.page.getByRole('button', { name: 'Giriş Yap' }).click();
    await again.page.getByLabel('Doğrulama kodu').fill(recoveryCodes[0]!);
    await again.page.getByRole('button', { name: 'Doğrula ve Giriş Yap' }).click();
    await again.page.getByText('Doğrulama kodu hatalı').waitFor();
    expect(new URL(again.page.url()).pathname).toBe('/login');
    expect(again.errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});

describe("'Şifre Değiştir' on /settings", () => {
  it('changes the password: this browser stays signed in, the other one is sent to /login', async () => {
    const { email, token } = await customer();
    const other = await e2e.newPage();
    await signInWithToken(other.page, await apiLogin(e2e.server.url, email), '/settings');
    await other.page.locator('.sessions-card').getByText('Bu cihaz').waitFor();

    const { page, errors } = await e2e.newPage();
    // The dashboard's socket, as the server sees it: each connect's token, and whether it was let in.
    const connects: { token: string; accepted?: boolean }[] = [];
    page.on('websocket', (ws) => {
      let mine: { token: string; accepted?: boolean } | undefined;
      ws.on('framesent', ({ payload }) => {
        const m = /^40(\{.*\})$/.exec(String(payload));
        if (m) connects.push(mine = { token: (JSON.parse(m[1]!) as { token: string }).token });
      });
      ws.on('framereceived', ({ payload }) => {
        if (mine && mine.accepted === undefined && /^4[04]/.test(String(payload))) mine.accepted = String(payload).startsWith('40');
      });
    });
    await signInWithToken(page, token, '/settings');
    const card = page.locator('.password-card');
    await card.getByLabel('Mevcut şifre').fill(PASSWORD);
    await card.getByLabel('Yeni şifre', { exact: true }).fill('Yepyeni-sifre-9');
    await card.getByLabel('Yeni şifre (tekrar)').fill('Yepyeni-sifre-8');
    await card.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
    await card.getByText('Yeni şifreler eşleşmiyor').waitFor();
    await card.getByLabel('Yeni şifre (tekrar)').fill('Yepyeni-sifre-9');
    await card.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
    await card.getByText('Şifreniz değiştirildi; diğer 1 oturumunuz kapatıldı').waitFor();
    // Every socket of the person was cut, this one too; it connected again with the new token.
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    expect(stored).not.toBe(token);
    await expect.poll(() => connects.find((c) => c.token === stored)?.accepted, { timeout: 5000 }).toBe(true);
    expect(connects[0]).toEqual({ token, accepted: true });
    await snap(page, 'two-factor', '05-password-changed');

    // This browser goes on with the answer's token, after a reload too; the other is signed out.
    await page.reload();
    const sessions = page.locator('.sessions-card');
    await sessions.getByText('Başka açık oturum yok.').waitFor();
    expect(await sessions.getByTestId('session-row').count()).toBe(1);
    await other.page.reload();
    await other.page.waitForURL('**/login');
    expect(await apiLogin(e2e.server.url, email, 'Yepyeni-sifre-9')).toEqual(expect.any(String));
    // Calls the page made with the old token while the change committed are refused (401), and
    // asked again with the new one; nothing else failed.
    expect(errors.filter((e) => !e.includes('status of 401 (Unauthorized)'))).toEqual([]);
  });
});

describe("'Kullanıcı Desteği': a platform administrator resets a locked-out person's two-factor", () => {
  it('after a confirm on /settings; the person then signs in with the password alone', async () => {
    const { email, token } = await customer();
    const setup = await call('/api/auth/2fa/setup', token, { password: PASSWORD });
    const secret = new URL(setup.otpauthUrl as string).searchParams.get('secret')!;
    await call('/api/auth/2fa/enable', token, { code: await generate({ secret }), password: PASSWORD });
    const before = await fetch(`${e2e.server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    expect(await before.json()).toMatchObject({ twoFactorRequired: true });

    const adminEmail = uniqueEmail('destek');
    await apiRegisterAdmin(e2e.server.url, adminEmail);
    const { page, errors } = await e2e.newPage();
    await signInWithToken(page, await apiLogin(e2e.server.url, adminEmail), '/settings');
    const card = page.locator('.support-card');
    await card.getByLabel('Kişinin e-posta adresi').fill(email);
    await card.getByLabel('Kendi şifreniz').fill(PASSWORD);
    await card.getByRole('button', { name: 'İki adımlı doğrulamayı sıfırla' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'İki adımlı doğrulamayı sıfırla' }).click();
    await card.getByText(`${email} için iki adımlı doğrulama sıfırlandı`).waitFor();
    await snap(page, 'two-factor', '06-support-reset');
    expect(await apiLogin(e2e.server.url, email)).toEqual(expect.any(String));
    // An admin has no package, and /settings no longer asks for one: no failed request at all.
    expect(errors).toEqual([]);
  });
});
