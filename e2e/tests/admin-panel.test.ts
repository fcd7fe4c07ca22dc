import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, snap } from '../support/browser';
import { apiLogin, apiRegister, loginThroughUi, uniqueEmail, PASSWORD } from '../support/accounts';
import { useE2E } from '../support/harness';
import { ADMIN_KEY } from '../support/server';
import { buyPackage, makeApk } from './dashboard-support';

const e2e = useE2E();
const FLOW = 'admin-panel';

async function registerAdminThroughUi(page: Page, email: string) {
  await page.goto('/register-admin');
  await page.getByLabel('Ad', { exact: true }).fill('Ayşe');
  await page.getByLabel('Soyad').fill('Yönetici');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Şifre').fill(PASSWORD);
}

// One admin walks the panel in order, each page its own test: the admin registered in the
// first is the one signed in for the rest.
describe('admin: registration, packages, sales, APK', () => {
  let page: Page;
  let errors: string[];
  let customer: string;
  beforeAll(async () => {
    ({ page, errors } = await e2e.newPage());
    const base = e2e.server.url;
    // A customer who paid by card, so the sales report has a real row.
    customer = uniqueEmail('alici');
    await apiRegister(base, customer);
    await buyPackage(base, await apiLogin(base, customer), 'Başlangıç');
  });

  let email: string;

  it('a wrong admin key shows the server message, without the key, and any input clears it', async () => {
    // Admin registration: a wrong key shows the server's message; the right one confirms and redirects.
    email = uniqueEmail('admin');
    await registerAdminThroughUi(page, email);
    await page.getByLabel('Admin Anahtarı').fill('yanlis-anahtar');
    await snap(page, FLOW, '01-register-admin');
    await page.getByRole('button', { name: 'Admin Hesabı Oluştur' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.length).toBeGreaterThan(0);
    expect(await page.content()).not.toContain(ADMIN_KEY);
    await page.getByLabel('Admin Anahtarı').fill(ADMIN_KEY);
    expect(await alert.count()).toBe(0); // any input clears the error
  });

  it('the right key confirms, redirects to /login after a moment, and the admin signs in', async () => {
    await page.getByRole('button', { name: 'Admin Hesabı Oluştur' }).click();
    await page.getByText('Admin Hesabı Oluşturuldu!').waitFor();
    const shownAt = Date.now();
    await snap(page, FLOW, '02-admin-created');
    await page.waitForURL('**/login', { timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1500);
    await loginThroughUi(page, email, PASSWORD, '/admin/packages');
  });

  it('packages: create with the contract messages, edit, make passive, delete', async () => {
    const base = e2e.server.url;
    // Package management: create, edit, toggle, delete.
    await page.getByRole('heading', { name: 'Paket Yönetimi' }).waitFor();
    await page.getByTestId('package-row').first().waitFor();
    await page.getByRole('button', { name: 'Yeni Paket Oluştur' }).click();
    const modal = page.getByRole('dialog', { name: 'Yeni Paket Oluştur' });
    await modal.waitFor();
    // Focus starts on the first field, not on the × button.
    expect(await modal.getByLabel('Paket Adı').evaluate((el) => el === document.activeElement)).toBe(true);
    await modal.getByRole('button', { name: 'Oluştur' }).click();
    // The contract's own messages, the ones the server would answer; duration keeps its default 30.
    await modal.getByText('Paket adı zorunludur').waitFor();
    expect(await modal.locator('.field-error').allTextContents()).toEqual([
      'Paket adı zorunludur', 'Fiyat zorunludur', 'Açıklama zorunludur', 'Medya depolama (GB) zorunludur',
      'Maksimum ekran sayısı zorunludur', 'Maksimum playlist sayısı zorunludur',
    ]);
    await modal.getByLabel('Paket Adı').fill('Test Vitrini');
    await modal.getByLabel('Fiyat (TL)').fill('249.90');
    await modal.getByLabel('Açıklama').fill('E2E test paketi');
    await modal.getByLabel('Medya Depolama (GB)').fill('3');
    await modal.getByLabel('Maksimum Ekran').fill('2');
    await modal.getByLabel('Maksimum Playlist').fill('4');
    await modal.getByLabel('Popüler paket').check();
    await snap(page, FLOW, '03-package-modal');
    await modal.getByRole('button', { name: 'Oluştur' }).click();
    await modal.waitFor({ state: 'detached' });
    const row = page.getByTestId('package-row').filter({ hasText: 'Test Vitrini' });
    await row.waitFor();
    expect(await row.textContent()).toContain('₺249,90');
    expect(await row.textContent()).toContain('30 gün');
    expect(await row.textContent()).toContain('Popüler');

    await row.getByRole('button', { name: 'Düzenle: Test Vitrini' }).click();
    const edit = page.getByRole('dialog', { name: 'Paket Düzenle' });
    expect(await edit.getByLabel('Paket Adı').inputValue()).toBe('Test Vitrini');
    await edit.getByLabel('Fiyat (TL)').fill('199');
    await edit.getByLabel('Süre (gün)').fill('60');
    await edit.getByRole('button', { name: 'Güncelle' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('₺199,00').waitFor();
    expect(await row.textContent()).toContain('60 gün');

    await row.getByRole('button', { name: /Test Vitrini: durum Aktif/ }).click();
    await row.getByRole('button', { name: /Test Vitrini: durum Pasif/ }).waitFor();
    const publicList = (await (await fetch(`${base}/api/packages`)).json()) as { name: string }[];
    expect(publicList.map((p) => p.name)).not.toContain('Test Vitrini');
    await snap(page, FLOW, '04-packages-table');
    // On phones the features stay one per line (a wrapped inline list started lines with '·').
    await page.setViewportSize(MOBILE);
    const featureX = await row.locator('td').nth(2).locator('li').evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().left));
    expect(featureX).toHaveLength(4); // storage, screens, playlists, team size
    expect(new Set(featureX).size).toBe(1);
    await page.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: 'Sil: Test Vitrini' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('Bu paketi silmek istediğinizden emin misiniz?');
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it("sales report: the customer's card purchase and the statistics", async () => {
    // Sales report: the customer's card purchase.
    await page.getByRole('link', { name: 'Satış Raporu' }).click();
    await page.waitForURL('**/admin/sales');
    const sale = page.getByTestId('sale-row').filter({ hasText: customer });
    await sale.waitFor();
    const saleText = (await sale.textContent()) ?? '';
    expect(saleText).toContain('Başlangıç');
    expect(saleText).toContain('₺499,00');
    expect(saleText).toContain('**** 4242');
    expect(saleText).toContain('Tamamlandı');
    expect(saleText).toContain('Bekliyor'); // mobile code not verified yet
    const stats = await page.getByTestId('stat-card').allTextContents();
    expect(stats).toHaveLength(4);
    expect(stats[0]).toContain('₺499,00');
    expect(stats[3]).toMatch(/%\d/);
    await page.getByRole('button', { name: 'Yenile' }).click();
    await snap(page, FLOW, '05-sales');
  });

  it('APK: no file is refused, an upload with a version is offered for download', async () => {
    // APK: no file → message; upload with a version; the current card offers the download.
    await page.getByRole('link', { name: 'APK Yükleme' }).click();
    await page.waitForURL('**/admin/apk');
    await page.getByText('Henüz APK yüklenmedi').waitFor();
    await page.getByRole('button', { name: 'APK Yükle' }).click();
    await page.getByText('Lütfen bir APK dosyası seçin').waitFor();
    const apk = makeApk();
    await page.locator('#apk-file').setInputFiles({ name: 'pano-player.apk', mimeType: 'application/vnd.android.package-archive', buffer: apk });
    await page.getByLabel('Sürüm (isteğe bağlı)').fill('1.4.2');
    await page.getByRole('button', { name: 'APK Yükle' }).click();
    await page.getByText('APK başarıyla yüklendi').waitFor();
    expect(await page.getByLabel('Sürüm (isteğe bağlı)').inputValue()).toBe('');
    await page.getByText('Dosya seçilmedi').waitFor();
    const current = page.getByTestId('apk-current');
    await current.getByText('1.4.2').waitFor();
    expect(await current.textContent()).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    await snap(page, FLOW, '06-apk');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      current.getByRole('link', { name: 'APK İndir' }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect(Buffer.compare(await readFile(path), apk)).toBe(0);
    expect(download.suggestedFilename()).toMatch(/\.apk$/);
    // Expected failed resources only: 403 for the wrong admin key, 404 for GET /api/settings/apk before the upload.
    expect(errors.filter((e) => !/\b(403|404)\b/.test(e))).toEqual([]);
  });
});
