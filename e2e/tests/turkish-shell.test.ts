import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiLogin, apiRegister, apiRegisterAdmin, signInWithToken, uniqueEmail } from '../support/accounts';
import { launchBrowser, snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { artifactsDir } from '../support/paths';
import { call, createScreen, customerWithPackage, uploadPng } from './player-fixtures';

const e2e = useE2E();

const HOME_TITLE = 'Pano — Dijital Tabela Yönetimi';

/** The tab title a page sets once it renders; index.html's own (the home page's) title comes first. */
async function titleOf(page: Page, route: string): Promise<string> {
  await page.goto(route);
  if (route === '/') await page.getByRole('heading', { level: 1 }).waitFor();
  else await expect.poll(() => page.title()).not.toBe(HOME_TITLE);
  return page.title();
}

describe('the dashboard shell speaks Turkish at every size and in every browser', () => {
  it('768 px and narrower get the hamburger; 769 px gets the full sidebar (with a Turkish avatar initial)', async () => {
    const email = uniqueEmail('ilker');
    await apiRegister(e2e.server.url, email);
    const { page, errors } = await e2e.newPage({ width: 768, height: 900 });
    await signInWithToken(page, await apiLogin(e2e.server.url, email), '/packages');
    const hamburger = page.getByRole('button', { name: 'Menüyü aç' });
    const navLink = page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Playlistler' });
    await hamburger.waitFor();
    expect(await navLink.isVisible()).toBe(false);
    await page.screenshot({ path: path.join(artifactsDir, 'turkish-shell', '01-768.png') });

    await page.setViewportSize({ width: 769, height: 900 });
    await navLink.waitFor({ state: 'visible' });
    expect(await hamburger.isVisible()).toBe(false);
    // 'ilker' starts with i, whose Turkish capital is İ (not I).
    expect(await page.locator('.sidebar .avatar').textContent()).toBe('İ');
    await page.screenshot({ path: path.join(artifactsDir, 'turkish-shell', '02-769.png') });
    await snap(page, 'turkish-shell', '03-sidebar');
    expect(errors).toEqual([]);
  });

  it("every visitor's route sets a Turkish tab title, the unknown address too, which leads on from its header", async () => {
    const visitor = (await e2e.newPage()).page;
    const titles: Record<string, string> = {};
    for (const route of ['/', '/login', '/register', '/register-admin', '/boyle-bir-sayfa-yok']) titles[route] = await titleOf(visitor, route);
    expect(titles).toEqual({
      '/': HOME_TITLE,
      '/login': 'Giriş Yap · Pano',
      '/register': 'Kayıt Ol · Pano',
      '/register-admin': 'Admin Hesabı Oluştur · Pano',
      '/boyle-bir-sayfa-yok': 'Sayfa bulunamadı · Pano',
    });
    const header = visitor.getByRole('navigation', { name: 'Ana menü' });
    for (const link of ['Ana Sayfa', 'Giriş Yap', 'Kayıt Ol']) expect(await header.getByRole('link', { name: link }).isVisible()).toBe(true);
    await snap(visitor, 'turkish-shell', '04-not-found');
  });

  it("every customer's route sets a Turkish tab title; signed in, the unknown page leads back to the dashboard", async () => {
    const c = await customerWithPackage(e2e.server.url);
    const screenId = await createScreen(c, 'Lobi');
    const packageId = (await call<{ _id: string }[]>(c.baseUrl, c.token, '/api/packages'))[0]!._id;
    const customer = (await e2e.newPage()).page;
    await signInWithToken(customer, c.token, '/packages');
    // Settle before the next navigation: a verify call cut off by leaving the page counts as
    // a failed verification and drops the token (SessionGate).
    await customer.getByRole('heading', { name: 'Paketler', level: 1 }).waitFor();
    const customerTitles: Record<string, string> = {};
    for (const route of ['/media', '/playlists', '/layouts', '/direction', '/screens', '/assignment', '/schedule', '/alerts', '/settings', '/packages',
      `/purchase/${packageId}`, `/preview/${screenId}`, '/admin/sales', '/yok/boyle']) {
      customerTitles[route] = await titleOf(customer, route);
    }
    expect(customerTitles).toEqual({
      '/media': 'Medya · Pano',
      '/playlists': 'Playlistler · Pano',
      '/layouts': 'Yerleşimler · Pano',
      '/direction': 'Reji · Pano',
      '/screens': 'Ekranlar · Pano',
      '/assignment': 'Playlist Atama · Pano',
      '/schedule': 'Zamanlama · Pano',
      '/alerts': 'Acil Duyuru · Pano',
      '/settings': 'Kullanımım · Pano',
      '/packages': 'Paketler · Pano',
      [`/purchase/${packageId}`]: 'Satın Al · Pano',
      [`/preview/${screenId}`]: 'Ekran Önizleme · Pano',
      '/admin/sales': 'Satış Raporu · Pano', // the admin-only refusal, named after the page asked for
      '/yok/boyle': 'Sayfa bulunamadı · Pano',
    });
    // Signed in, the unknown page's header leads back to the dashboard.
    await customer.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Menü' }).click();
    await customer.waitForURL('**/packages');
  });

  it("every admin route sets a Turkish tab title", async () => {
    const adminEmail = uniqueEmail('yonetici');
    await apiRegisterAdmin(e2e.server.url, adminEmail);
    const admin = (await e2e.newPage()).page;
    await signInWithToken(admin, await apiLogin(e2e.server.url, adminEmail), '/admin/packages');
    await admin.getByRole('heading', { name: 'Paket Yönetimi', level: 1 }).waitFor();
    const adminTitles: Record<string, string> = {};
    for (const route of ['/admin/packages', '/admin/sales', '/admin/apk']) adminTitles[route] = await titleOf(admin, route);
    expect(adminTitles).toEqual({
      '/admin/packages': 'Paket Yönetimi · Pano',
      '/admin/sales': 'Satış Raporu · Pano',
      '/admin/apk': 'APK Yükleme · Pano',
    });
  });

  it('a browser in English still gets Turkish validation messages on /register and /login', async () => {
    const browser = await launchBrowser(['--lang=en-US']);
    try {
      const context = await browser.newContext({ baseURL: e2e.server.url, locale: 'en-US', viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto('/register');
      // The precondition: this browser's own validation text is English.
      expect(await page.evaluate(() => Object.assign(document.createElement('input'), { required: true }).validationMessage))
        .toBe('Please fill out this field.');

      await page.getByRole('button', { name: 'Kayıt Ol' }).click();
      await page.getByText('E-posta zorunludur').waitFor();
      await page.getByText('Şifre zorunludur').waitFor();
      expect(page.url()).toMatch(/\/register$/);
      await snap(page, 'turkish-shell', '05-register-en-browser');

      await page.getByLabel('Email').fill('ayse@ornek');
      await page.getByLabel('Şifre').fill('123');
      await page.getByRole('button', { name: 'Kayıt Ol' }).click();
      await page.getByText('Geçerli bir e-posta adresi girin').waitFor();
      await page.getByText('Şifre en az 6 karakter olmalıdır').waitFor();

      await page.goto('/login');
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await page.getByText('E-posta zorunludur').waitFor();
      await page.getByText('Şifre zorunludur').waitFor();
      await snap(page, 'turkish-shell', '06-login-en-browser');
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("/settings: a few uploads read in MB, the bar height error says 'Bant', and a proxy's 502 reads Turkish", async () => {
    const c = await customerWithPackage(e2e.server.url);
    for (let i = 0; i < 3; i++) await uploadPng(c, `afiş ${i}`, [20 * i, 120, 200]);
    const { page, errors } = await e2e.newPage();
    await signInWithToken(page, c.token, '/settings');
    const storage = page.getByTestId('usage-row').first();
    await storage.getByText(/^\d+,\d MB \/ \d+ GB$/).waitFor();
    expect(await storage.locator('.progress-value').textContent()).toMatch(/^%\d+(,\d)?$/);

    await page.getByLabel('Bant yüksekliği (px)').fill('5');
    await page.getByRole('button', { name: 'Ayarları Kaydet' }).click();
    await page.getByText('Bant yüksekliği en az 20 px olmalıdır').waitFor();
    await snap(page, 'turkish-shell', '07-settings');

    // A reverse proxy in front of the API answers with its own page and an English status text.
    await page.route('**/api/media', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><h1>502 Bad Gateway</h1></html>' }));
    await page.goto('/media');
    const banner = page.getByText(/^Medya listesi alınamadı: /);
    await banner.waitFor();
    expect(await banner.textContent()).toBe('Medya listesi alınamadı: Beklenmeyen bir hata oluştu');
    await snap(page, 'turkish-shell', '08-proxy-502');
    expect(errors.filter((e) => !e.includes('502'))).toEqual([]);
  });
});
