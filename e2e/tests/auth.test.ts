import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser';
import { apiLogin, apiRegister, loginThroughUi, registerThroughUi, signInWithToken, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';

const e2e = useE2E();

describe('public pages and sign-in', () => {
  it('landing page offers registration, a free trial, contact, uptime and support', async () => {
    const { page, errors } = await e2e.newPage();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Ücretsiz Denemeyi Başlat' }).getAttribute('href')).resolves.toBe('/register');
    await expect(page.getByRole('link', { name: 'Bize Ulaşın' }).getAttribute('href')).resolves.toMatch(/^mailto:/);
    await page.getByText('%99,9 çalışma süresi').waitFor();
    await page.getByText('7/24 destek').waitFor();
    await snap(page, 'landing', '01-landing');
    expect(errors).toEqual([]);
  });

  it('register → login takes a customer to /packages with their email in the sidebar', async () => {
    const { page, errors } = await e2e.newPage();
    const email = uniqueEmail('kayit');
    await page.goto('/register');
    await snap(page, 'register-login', '01-register');
    await registerThroughUi(page, email);
    await page.getByRole('link', { name: 'Kayıt olun' }).waitFor(); // login footer links to /register
    await snap(page, 'register-login', '02-login');
    await loginThroughUi(page, email);
    await expect(page.getByTestId('sidebar-user').textContent()).resolves.toBe(email);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await snap(page, 'register-login', '03-after-login');
    expect(errors).toEqual([]);
  });

  it('registering an existing email shows the server message', async () => {
    const { page } = await e2e.newPage();
    const email = uniqueEmail('tekrar');
    await apiRegister(e2e.server.url, email);
    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Şifre').fill('Parola123!');
    await page.getByRole('button', { name: 'Kayıt Ol' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/register$/);
    await snap(page, 'register-error', '01-email-taken');
  });

  it('a wrong password shows the error and stays on /login', async () => {
    const { page } = await e2e.newPage();
    const email = uniqueEmail('sifre');
    await apiRegister(e2e.server.url, email);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Şifre').fill('yanlis-sifre');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    // The server's own Turkish message, or the spec fallback.
    expect(await alert.textContent()).toMatch(/hatalı|yanlış/i);
    expect(page.url()).toMatch(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await snap(page, 'login-error', '01-wrong-password');
  });

  it('a visitor opening a guarded page is sent to /login', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/playlists');
    await page.waitForURL('**/login');
  });

  it('a corrupted token is dropped and the browser goes to /login (401)', async () => {
    const { page } = await e2e.newPage();
    await signInWithToken(page, 'bozuk.token.degeri', '/media');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('a token that stops working mid-session is dropped on the next call (401)', async () => {
    const { page } = await e2e.newPage();
    const email = uniqueEmail('oturum');
    await registerThroughUi(page, email);
    await loginThroughUi(page, email);
    // Corrupt the stored token after the app verified it; the next API call answers 401.
    await page.evaluate(() => localStorage.setItem('token', `${localStorage.getItem('token')}x`));
    await page.getByRole('link', { name: 'Medya' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await snap(page, 'session-expired', '01-back-at-login');
  });

  it('a customer without a package who opens /media is sent to /packages (402)', async () => {
    const { page } = await e2e.newPage();
    const email = uniqueEmail('paketsiz');
    await apiRegister(e2e.server.url, email);
    const token = await apiLogin(e2e.server.url, email);
    await signInWithToken(page, token, '/media');
    await page.waitForURL('**/packages');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    await snap(page, 'no-package', '01-packages');
  });
});
