import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser';
import { apiLogin, apiRegister, apiRegisterAdmin, signInWithToken, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';

// Embedded mode, no Stripe keys: the dev processor sells packages with test cards.
const e2e = useE2E();
const MOBILE_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;
const trDate = (d: Date) => new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Istanbul' }).format(d);
const sold: { email: string; mobileCode: string; pkg: string }[] = [];

async function newCustomer(page: Page) {
  const email = uniqueEmail('alici');
  await apiRegister(e2e.server.url, email);
  const token = await apiLogin(e2e.server.url, email);
  await signInWithToken(page, token, '/packages');
  return { email, token };
}

/** The packages page's choose button of one package card. */
async function choosePackage(page: Page, name: string) {
  const card = page.getByTestId('package-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('link').click();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Kart Sahibi').fill('Ayşe Yılmaz');
  await page.getByLabel('Kart Numarası').fill(number);
  await page.getByLabel('Son Kullanma (AA/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
}

/** /settings after a purchase: 'Aktif', the package, amount, dates, usage and the mobile code. */
async function expectActivePackage(page: Page, pkg: string, amount: string, days: number) {
  await page.waitForURL('**/settings');
  const info = page.getByTestId('package-info');
  await info.getByText('Aktif', { exact: true }).waitFor();
  expect(await page.getByTestId('package-name').textContent()).toBe(pkg);
  const text = (await info.textContent()) ?? '';
  expect(text).toContain(amount);
  expect(text).toContain(trDate(new Date()));
  expect(text).toContain(trDate(new Date(Date.now() + days * 86_400_000)));
  expect(await page.getByTestId('usage-row').count()).toBe(3);
  const code = ((await page.getByTestId('mobile-code').textContent()) ?? '').trim();
  expect(code).toMatch(MOBILE_CODE);
  return code;
}

describe('buying a package (dev processor)', () => {
  it('on-page card form: a declined card shows the Turkish message, then 4242 buys it and ends on /settings', async () => {
    const { page, errors } = await e2e.newPage();
    const { email } = await newCustomer(page);
    await choosePackage(page, 'Başlangıç');
    await page.waitForURL('**/purchase/*');
    const summary = page.getByTestId('purchase-summary');
    await summary.getByText('Başlangıç', { exact: true }).waitFor();
    expect(await page.getByTestId('purchase-total').textContent()).toBe('₺499,00');
    await page.getByRole('button', { name: 'Güvenli Ödeme Sayfasına Git' }).waitFor();
    await snap(page, 'purchase-card', '01-purchase-page');

    await fillCard(page, '4000000000000002');
    expect(await page.getByLabel('Kart Numarası').inputValue()).toBe('4000 0000 0000 0002');
    await page.getByRole('button', { name: '₺499,00 Öde' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Kartınız reddedildi. Lütfen başka bir kart deneyin.').waitFor();
    expect(page.url()).toMatch(/\/purchase\/[0-9a-f-]{36}$/); // a payment error is never a 402 → /packages
    await snap(page, 'purchase-card', '02-declined');

    await page.getByLabel('Kart Numarası').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: '₺499,00 Öde' }).click();
    const success = page.getByTestId('purchase-success');
    await success.getByText('Ödeme Başarılı!').waitFor();
    expect(await success.getByRole('link', { name: 'Ana Sayfaya Dön' }).getAttribute('href')).toBe('/dashboard');
    expect(await success.getByRole('link', { name: 'Paketlere Dön' }).getAttribute('href')).toBe('/packages');
    const shown = await success.getByTestId('purchase-mobile-code').textContent();
    // The details are label-value rows (styled here too, not only on /settings): amount on the right, bold.
    const amount = success.locator('dd').first();
    expect(await amount.evaluate((dd) => [getComputedStyle(dd.parentElement!).display, getComputedStyle(dd).fontWeight])).toEqual(['flex', '600']);
    await snap(page, 'purchase-card', '03-success');

    const code = await expectActivePackage(page, 'Başlangıç', '₺499,00', 30);
    expect(code).toBe(shown);
    await snap(page, 'purchase-card', '04-settings');
    sold.push({ email, mobileCode: code, pkg: 'Başlangıç' });
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
  });

  it('hosted checkout: pays on the local checkout page, returns with session_id (confirmed, removed) and ends on /settings', async () => {
    const { page, errors } = await e2e.newPage();
    const { email } = await newCustomer(page);
    await choosePackage(page, 'Profesyonel');
    await page.waitForURL('**/purchase/*');
    const purchasePath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Güvenli Ödeme Sayfasına Git' }).click();
    await page.waitForURL('**/api/purchase/dev/checkout/*');
    await page.getByText('Güvenli Ödeme').first().waitFor();
    expect(await page.getByTestId('checkout-amount').textContent()).toBe('₺1.299,00');
    await snap(page, 'purchase-hosted', '01-checkout-page');

    await fillCard(page, '4242 4242 4242 4242');
    await page.getByLabel('Son Kullanma (AA/YY)').fill('12/34');
    await page.getByRole('button', { name: '₺1.299,00 Öde' }).click();
    await page.getByTestId('purchase-success').getByText('Ödeme Başarılı!').waitFor();
    // Back on the purchase page, with the session confirmed and its id gone from the URL.
    const back = new URL(page.url());
    expect(back.pathname).toBe(purchasePath);
    expect(back.searchParams.has('session_id')).toBe(false);
    await snap(page, 'purchase-hosted', '02-success');

    const code = await expectActivePackage(page, 'Profesyonel', '₺1.299,00', 30);
    await snap(page, 'purchase-hosted', '03-settings');
    sold.push({ email, mobileCode: code, pkg: 'Profesyonel' });
    expect(errors).toEqual([]);
  });

  it("an unknown package id: the error banner and 'İptal' back to /packages", async () => {
    const { page } = await e2e.newPage();
    await newCustomer(page);
    await page.goto('/purchase/00000000-0000-4000-8000-00000000dead');
    await page.getByText('Paket bilgisi yüklenirken hata oluştu').waitFor();
    await snap(page, 'purchase-unknown', '01-error');
    await page.getByRole('button', { name: 'İptal' }).click();
    await page.waitForURL('**/packages');
  });

  it("the admin's sales report shows both sales and the right statistics", async () => {
    expect(sold).toHaveLength(2);
    const { page } = await e2e.newPage();
    const adminEmail = uniqueEmail('yonetici');
    await apiRegisterAdmin(e2e.server.url, adminEmail);
    await signInWithToken(page, await apiLogin(e2e.server.url, adminEmail), '/admin/sales');
    await page.getByTestId('sale-row').first().waitFor();
    const stats = await page.getByTestId('stat-card').allTextContents();
    // The declined attempt was retried on the same payment, so it is one sale, not a failed extra row.
    expect(stats).toEqual(['Toplam Gelir₺1.798,00', 'Toplam Satış2', 'Başarılı Satış2', 'Başarı Oranı%100']);
    const rows = await page.getByTestId('sale-row').allTextContents();
    expect(rows).toHaveLength(2);
    for (const s of sold) {
      const row = rows.find((r) => r.includes(s.email))!;
      expect(row).toContain(s.pkg);
      expect(row).toContain(s.mobileCode);
      expect(row).toContain('**** 4242');
      expect(row).toContain('Ayşe Yılmaz');
      expect(row).toContain('Tamamlandı');
    }
    await snap(page, 'purchase-sales', '01-sales-report');
  });
});
