import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiLogin, apiRegister, signInWithToken, uniqueEmail } from '../support/accounts';
import { snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { grantPackage } from '../support/packages';
import { call } from './dashboard-support';

/**
 * 'Uygulama Ekle' on /media in Chromium against the real server (docs/PRODUCT.md#apps): a clock,
 * an announcement and a web page are made through the form, the web page's site refusing frames.
 * The site is a local server, so the server under test may fetch 127.0.0.1 (FETCH_ALLOW_PRIVATE).
 */
const e2e = useE2E({ FETCH_ALLOW_PRIVATE: '1' });
const FLOW = 'apps';

type Media = { _id: string; name: string; type: string; mediaType: string; size: number; app?: Record<string, unknown> & { kind: string } };

let site: Server;
let siteUrl: string;
let page: Page;
let errors: string[];
let token: string;

const media = () => call<Media[]>(e2e.server.url, token, '/api/media');
const dialog = () => page.getByRole('dialog');

async function openForm(kind: string, name: string) {
  await page.getByRole('button', { name: 'Uygulama Ekle' }).click();
  await dialog().getByLabel('Uygulama Türü').selectOption({ label: kind });
  await dialog().getByLabel('Uygulama Adı').fill(name);
}
async function submit() {
  await dialog().getByRole('button', { name: 'Ekle', exact: true }).click();
  await dialog().waitFor({ state: 'detached' });
}

describe("apps: 'Uygulama Ekle' makes a clock, an announcement and a web page", () => {
  beforeAll(async () => {
    // A site that refuses to be framed, as many news sites do.
    site = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'X-Frame-Options': 'DENY' });
      res.end('<!doctype html><title>Çerçevesiz</title><p>Merhaba</p>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/haberler`;

    const email = uniqueEmail('uygulama');
    await apiRegister(e2e.server.url, email);
    token = await apiLogin(e2e.server.url, email);
    if (!(await grantPackage({ baseUrl: e2e.server.url, token }))) throw new Error('the free-trial package could not be granted');
    ({ page, errors } = await e2e.newPage());
    await signInWithToken(page, token, '/media');
    await page.getByText('Henüz medya bulunmuyor').waitFor();
  });
  afterAll(async () => {
    await new Promise((r) => site?.close(r));
  });

  it('a clock: the form, its live preview, and the app in the grid with its kind', async () => {
    await openForm('Saat', 'Lobi Saati');
    await dialog().getByLabel('Görünüm').selectOption({ label: 'Analog' });
    await dialog().getByLabel('Saniyeyi göster').check();
    // The preview is the screen's player: an analog face with its second hand.
    const preview = dialog().getByTestId('app-preview');
    await preview.getByTestId('clock-second').waitFor();
    expect(await preview.getByTestId('clock-time').count()).toBe(0);
    await snap(page, FLOW, '01-form-clock');
    await submit();
    const card = page.getByTestId('media-card').filter({ hasText: 'Lobi Saati' });
    expect(await card.getByTestId('app-kind').textContent()).toBe('Saat');
    expect(await card.textContent()).toContain('Uygulama');
    const [clock] = await media();
    expect(clock).toMatchObject({ name: 'Lobi Saati', type: 'app', mediaType: 'Uygulama', size: 0, app: { kind: 'clock', style: 'analog', showSeconds: true } });
  });

  it('an announcement: one with no title and no text is refused in Turkish with nothing stored, then it is added', async () => {
    await openForm('Duyuru', 'Ziyaret Saatleri');
    await dialog().getByRole('button', { name: 'Ekle', exact: true }).click();
    await dialog().getByText('Lütfen bir başlık ya da metin giriniz').waitFor(); // the contract's message, under 'Metin'
    expect(await media()).toHaveLength(1);
    await snap(page, FLOW, '02-form-text-invalid');

    await dialog().getByLabel('Metin').fill('Hafta içi 13:00-15:00\nHafta sonu 11:00-16:00');
    const field = dialog().getByLabel('Başlık');
    await field.fill('Ziyaret Saatleri');
    const slide = dialog().getByTestId('app-preview').getByTestId('text-app');
    expect(await slide.getByTestId('text-body').innerText()).toBe('Hafta içi 13:00-15:00\nHafta sonu 11:00-16:00');
    await submit();
    const card = page.getByTestId('media-card').filter({ hasText: 'Ziyaret Saatleri' });
    expect(await card.getByTestId('app-kind').textContent()).toBe('Duyuru');
    const text = (await media()).find((m) => m.name === 'Ziyaret Saatleri');
    expect(text?.app).toMatchObject({ kind: 'text', title: 'Ziyaret Saatleri', body: 'Hafta içi 13:00-15:00\nHafta sonu 11:00-16:00' });
  });

  it("a web page whose site sends X-Frame-Options: DENY is saved, and the Turkish warning says so", async () => {
    await openForm('Web Sayfası', 'Haberler');
    await dialog().getByLabel('Sayfa Adresi').fill(siteUrl);
    // The preview frames the page as a screen would; this site refuses it, so Chromium leaves it blank.
    expect(await dialog().getByTestId('app-preview').locator('iframe').getAttribute('src')).toBe(siteUrl);
    await expect.poll(() => errors.some((e) => e.includes("in a frame because it set 'X-Frame-Options' to 'deny'"))).toBe(true);
    await snap(page, FLOW, '03-form-web');
    await dialog().getByRole('button', { name: 'Ekle', exact: true }).click();
    const warning = page.getByRole('alertdialog');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Bu site başka sayfaların içinde gösterilmeyi reddediyor (X-Frame-Options).');
    await snap(page, FLOW, '04-web-warning');
    await warning.getByRole('button', { name: 'Tamam' }).click();
    const card = page.getByTestId('media-card').filter({ hasText: 'Haberler' });
    expect(await card.getByTestId('app-kind').textContent()).toBe('Web Sayfası');
    expect((await media()).find((m) => m.name === 'Haberler')?.app).toMatchObject({ kind: 'web', url: siteUrl });
  });

  it("'Düzenle' renames an app and keeps its settings", async () => {
    await page.getByRole('button', { name: 'Düzenle: Lobi Saati' }).click();
    await dialog().getByRole('heading', { name: 'Uygulamayı Düzenle: Lobi Saati' }).waitFor();
    expect(await dialog().getByLabel('Uygulama Türü').isDisabled()).toBe(true);
    await dialog().getByLabel('Uygulama Adı').fill('Giriş Saati');
    await dialog().getByRole('button', { name: 'Kaydet', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByTestId('media-card').filter({ hasText: 'Giriş Saati' }).waitFor();
    expect(await page.getByTestId('media-card').filter({ hasText: 'Lobi Saati' }).count()).toBe(0);
    const all = await media();
    expect(all.map((m) => m.name).sort()).toEqual(['Giriş Saati', 'Haberler', 'Ziyaret Saatleri']);
    expect(all.find((m) => m.name === 'Giriş Saati')?.app).toMatchObject({ kind: 'clock', style: 'analog', showSeconds: true });
    await snap(page, FLOW, '05-media-grid-apps');
    // Besides 4xx answers, only the refusal the web page's preview was expected to meet.
    expect(errors.filter((e) => !e.includes('status of 4') && !e.includes("in a frame because it set 'X-Frame-Options' to 'deny'"))).toEqual([]);
  });
});
