import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { DESKTOP, launchBrowser, snap, waitBudgetMs, watchPage } from '../support/browser';
import { apiLogin, apiRegister, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';
import { buyPackage, call, createPlaylistWithImage } from './dashboard-support';

const e2e = useE2E();
const FLOW = 'date-fields-en';

/** Clicks into the field, empties it and types `text` key by key, as a user would. */
async function typeInto(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.click();
  await field.press('Control+A');
  await field.press('Backspace');
  await page.keyboard.type(text);
}

/**
 * A browser in English (docs/PRODUCT.md#schedule): its own date and time inputs would read
 * 'mm/dd/yyyy' and '12:00 PM'. The schedule form's and the report period's fields stay
 * Turkish, day-first and 24-hour, typed with the '.' and ':' keys or as digits alone (a
 * phone's numeric keypad has neither), and what goes to the API is YYYY-MM-DD and HH:MM.
 */
describe('day-first dates and 24-hour times in a browser in English', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    const base = e2e.server.url;
    const email = uniqueEmail('ingilizce');
    await apiRegister(base, email);
    const token = await apiLogin(base, email);
    await buyPackage(base, token, 'Başlangıç');
    await createPlaylistWithImage(base, token, 'Kahvaltı Menüsü');
    await call(base, token, '/api/screens', { method: 'POST', body: { name: 'Lobi Ekranı', status: 'active' } });
    browser = await launchBrowser(['--lang=en-US']);
    context = await browser.newContext({ baseURL: base, locale: 'en-US', timezoneId: 'Europe/Istanbul', viewport: DESKTOP });
    context.setDefaultTimeout(waitBudgetMs());
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('the schedule form: typed with the keyboard, shown Turkish, sent as YYYY-MM-DD and HH:MM', async () => {
    const page = await context.newPage();
    const { errors } = watchPage(page);
    await page.goto('/schedule');
    // The precondition: this browser's own date and time are month-first and 12-hour.
    const own = await page.evaluate(() => [navigator.language, new Date(2026, 11, 31, 13, 5).toLocaleDateString(), new Date(2026, 11, 31, 13, 5).toLocaleTimeString()]);
    expect(own.slice(0, 2)).toEqual(['en-US', '12/31/2026']);
    expect(own[2]).toMatch(/^1:05:00\sPM$/);

    await page.getByRole('button', { name: 'Yeni Zamanlama' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Zamanlama' });
    await dialog.getByLabel('Zamanlama Adı').fill('Kahvaltı');
    await dialog.getByLabel('Playlist', { exact: true }).selectOption({ label: 'Kahvaltı Menüsü' });
    await dialog.getByRole('checkbox', { name: 'Lobi Ekranı' }).check();
    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    // With the '.' and ':' keys, and as digits alone (a phone's numeric keypad has neither).
    await typeInto(page, field('Başlangıç saati'), '07:30');
    await typeInto(page, field('Bitiş saati'), '1015');
    await typeInto(page, field('Başlangıç tarihi (isteğe bağlı)'), '01.12.2026');
    await typeInto(page, field('Bitiş tarihi (isteğe bağlı)'), '31122026');
    await typeInto(page, field('Eklenecek istisna tarihi'), '25.12.2026');
    await page.keyboard.press('Enter');
    const shown = (label: string) => field(label).inputValue();
    expect([await shown('Başlangıç saati'), await shown('Bitiş saati')]).toEqual(['07:30', '10:15']);
    expect([await shown('Başlangıç tarihi (isteğe bağlı)'), await shown('Bitiş tarihi (isteğe bağlı)')]).toEqual(['01.12.2026', '31.12.2026']);
    await dialog.getByRole('button', { name: 'İstisnayı kaldır: 25.12.2026' }).waitFor();
    expect(await field('Başlangıç saati').getAttribute('placeholder')).toBe('SS:DD');
    expect(await field('Başlangıç tarihi (isteğe bağlı)').getAttribute('placeholder')).toBe('GG.AA.YYYY');
    await snap(page, FLOW, '01-schedule-form');

    const sent = page.waitForRequest((r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/schedules');
    await dialog.getByRole('button', { name: 'Oluştur' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      startTime: '07:30', endTime: '10:15', startDate: '2026-12-01', endDate: '2026-12-31', exceptDates: ['2026-12-25'],
    });
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('schedule-card').filter({ hasText: 'Kahvaltı' });
    await card.waitFor();
    expect(await card.textContent()).toContain('07:30–10:15');
    expect(await card.textContent()).toContain('01.12.2026');
    expect(errors).toEqual([]);
  });

  it('the report period: typed with the keyboard, shown Turkish, asked as YYYY-MM-DD', async () => {
    const page = await context.newPage();
    const { errors } = watchPage(page);
    await page.goto('/reports');
    const asked = page.waitForRequest((r: Request) => {
      const url = new URL(r.url());
      return url.pathname === '/api/reports/plays' && url.searchParams.get('from') === '2026-11-01' && url.searchParams.get('to') === '2026-11-15';
    });
    await typeInto(page, page.getByLabel('Başlangıç', { exact: true }), '01.11.2026');
    await typeInto(page, page.getByLabel('Bitiş', { exact: true }), '15112026');
    await asked;
    expect([await page.getByLabel('Başlangıç', { exact: true }).inputValue(), await page.getByLabel('Bitiş', { exact: true }).inputValue()])
      .toEqual(['01.11.2026', '15.11.2026']);
    await snap(page, FLOW, '02-report-period');
    expect(errors).toEqual([]);
  });
});
