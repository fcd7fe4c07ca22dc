import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser';
import { apiLogin, apiRegister, apiRegisterAdmin, signInWithToken, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';

// Embedded mode with the dev processor and the default catalogue (Profesyonel 1299 TL,
// Kurumsal 3999 TL, both 30 days).
const e2e = useE2E();
const DAY_MS = 86_400_000;
const trDate = (d: Date) => new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Istanbul' }).format(d);
const inDays = (n: number) => trDate(new Date(Date.now() + n * DAY_MS));

async function newCustomer(page: Page) {
  const email = uniqueEmail('yenileme');
  await apiRegister(e2e.server.url, email);
  await signInWithToken(page, await apiLogin(e2e.server.url, email), '/packages');
  return email;
}

const cardOf = (page: Page, name: string) =>
  page.getByTestId('package-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function payWithCard(page: Page, number: string, amount: string) {
  await page.getByLabel('Kart Sahibi').fill('Ayşe Yılmaz');
  await page.getByLabel('Kart Numarası').fill(number);
  await page.getByLabel('Son Kullanma (AA/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `${amount} Öde` }).click();
}

/** /settings: the package name, its expiry, and the mobile code shown. */
async function settingsShow(page: Page, name: string, expiry: string) {
  await page.waitForURL('**/settings');
  await page.getByTestId('package-info').getByText('Aktif', { exact: true }).waitFor();
  expect(await page.getByTestId('package-name').textContent()).toBe(name);
  expect(await page.getByTestId('package-info').textContent()).toContain(expiry);
  return ((await page.getByTestId('mobile-code').textContent()) ?? '').trim();
}

// One customer buys three times, each purchase its own test in order: the renewal and the
// upgrade are judged against what the purchase before them left.
describe('a second package keeps the paid days', () => {
  let page: Page;
  let errors: string[];
  let code: string;
  beforeAll(async () => {
    ({ page, errors } = await e2e.newPage());
    await newCustomer(page);
  });

  it('the first purchase: /settings shows the package, its expiry and the mobile code', async () => {
    await cardOf(page, 'Profesyonel').getByRole('link').click();
    await page.waitForURL('**/purchase/*');
    await payWithCard(page, '4242 4242 4242 4242', '₺1.299,00');
    code = await settingsShow(page, 'Profesyonel', inDays(30));
  });

  it("/packages marks the running package 'Mevcut paketiniz' with its remaining days", async () => {
    // /packages marks the running package and says what choosing does.
    await page.goto('/packages');
    const current = cardOf(page, 'Profesyonel').getByTestId('package-current');
    expect(await current.textContent()).toBe(`Mevcut paketiniz30 gün kaldı · Bitiş: ${inDays(30)}`);
    expect(await page.getByTestId('package-current').count()).toBe(1);
    expect(await page.getByRole('status').textContent()).toContain('Mevcut paketiniz Profesyonel: 30 gün kaldı');
    await snap(page, 'package-change', '01-packages-current');
  });

  it('the same package again: a renewal after the current expiry, the same mobile code', async () => {
    // The same package again: a renewal, its 30 days after the current expiry.
    await cardOf(page, 'Profesyonel').getByRole('link').click();
    await page.waitForURL('**/purchase/*');
    const renewal = page.getByTestId('purchase-plan-text');
    expect(await renewal.textContent()).toBe(`Bu paket şu anki paketiniz. Kalan 30 gününüz korunur ve yeni 30 gün mevcut bitiş tarihinizin (${inDays(30)}) ardından eklenir.`);
    expect(await page.getByTestId('purchase-plan-end').textContent()).toBe(inDays(60));
    await page.getByRole('button', { name: 'Güvenli Ödeme Sayfasına Git' }).waitFor();
    await snap(page, 'package-change', '02-purchase-renewal');
    await payWithCard(page, '4242 4242 4242 4242', '₺1.299,00');
    expect(await settingsShow(page, 'Profesyonel', inDays(60))).toBe(code);
  });

  it('another package: the remaining days carried over at the daily-price ratio, the same mobile code', async () => {
    // Another package: Kurumsal starts now; 60 Profesyonel days are worth 20 Kurumsal days.
    await page.goto('/packages');
    await cardOf(page, 'Kurumsal').getByRole('link').click();
    await page.waitForURL('**/purchase/*');
    expect(await page.getByTestId('purchase-plan-text').textContent()).toBe(
      'Mevcut paketiniz Profesyonel bugün sona erer. Kalan 60 gününüz, iki paketin günlük fiyatları oranında Kurumsal paketine 20 gün olarak aktarılır (küsurat sizin lehinize yukarı yuvarlanır). Kurumsal bugün başlar ve 50 gün sürer.');
    expect(await page.getByTestId('purchase-plan-end').textContent()).toBe(inDays(50));
    await page.getByRole('button', { name: 'Güvenli Ödeme Sayfasına Git' }).waitFor();
    await snap(page, 'package-change', '03-purchase-upgrade');
    await payWithCard(page, '4242 4242 4242 4242', '₺3.999,00');
    expect(await settingsShow(page, 'Kurumsal', inDays(50))).toBe(code);
    await snap(page, 'package-change', '04-settings-after-upgrade');

    await page.goto('/packages');
    expect(await cardOf(page, 'Kurumsal').getByTestId('package-current').textContent()).toBe(`Mevcut paketiniz50 gün kaldı · Bitiş: ${inDays(50)}`);
    expect(errors).toEqual([]);
  });

});

describe('a declined card the customer gives up on', () => {
  let email: string;

  it('is refused with the Turkish message on the purchase page', async () => {
    const { page } = await e2e.newPage();
    email = await newCustomer(page);
    await cardOf(page, 'Profesyonel').getByRole('link').click();
    await page.waitForURL('**/purchase/*');
    await payWithCard(page, '4000 0000 0000 0002', '₺1.299,00');
    await page.getByRole('alert').getByText('Kartınız reddedildi. Lütfen başka bir kart deneyin.').waitFor();
  });

  it("is 'Başarısız' in the sales report, not 'Bekliyor'", async () => {
    const admin = await e2e.newPage();
    const adminEmail = uniqueEmail('yonetici');
    await apiRegisterAdmin(e2e.server.url, adminEmail);
    await signInWithToken(admin.page, await apiLogin(e2e.server.url, adminEmail), '/admin/sales');
    const row = admin.page.getByTestId('sale-row').filter({ hasText: email });
    await row.waitFor();
    // The status column; the mobile-code column has a 'Bekliyor' of its own (not verified).
    expect(await row.locator('td[data-label="Durum"]').textContent()).toBe('Başarısız');
    await snap(admin.page, 'package-change', '05-sales-declined');
  });
});
