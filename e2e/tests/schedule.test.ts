import { describe, expect, it } from 'vitest';
import { MOBILE, snap, waitBudgetMs } from '../support/browser';
import { apiLogin, apiRegister, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';
import { buyPackage, call, createPlaylistWithImage } from './dashboard-support';

const e2e = useE2E();
const FLOW = 'schedule';

describe('customer: Zamanlama', () => {
  it('creates a schedule for a group through the form, sees it in the list and in the week of a member screen', async () => {
    const base = e2e.server.url;
    const email = uniqueEmail('zamanlama');
    await apiRegister(base, email);
    const token = await apiLogin(base, email);
    await buyPackage(base, token, 'Başlangıç');
    const lobby = await createPlaylistWithImage(base, token, 'Lobi Döngüsü');
    await createPlaylistWithImage(base, token, 'Öğle Menüsü');
    const news = await createPlaylistWithImage(base, token, 'Haberler');
    const post = <T>(path: string, body: unknown) => call<T>(base, token, path, { method: 'POST', body });
    const screen = await post<{ _id: string }>('/api/screens', { name: 'Kasa Ekranı', status: 'active' });
    await call(base, token, `/api/screens/${screen._id}`, { method: 'PUT', body: { currentPlaylist: lobby } });
    const group = await post<{ _id: string }>('/api/screen-groups', { name: 'Kafeterya', screenIds: [screen._id] });
    // Already there: news on weekdays 13:00-14:00 at the default priority, which the new entry will meet.
    await post('/api/schedules', { name: 'Öğleden sonra haberler', playlist: news, screens: [screen._id], days: [1, 2, 3, 4, 5], startTime: '13:00', endTime: '14:00' });

    const { page, context, errors } = await e2e.newPage();
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto('/media');
    await page.getByRole('link', { name: 'Zamanlama' }).click();
    await page.waitForURL('**/schedule');
    // The page sets its title once its code has loaded, which may be after the address changed.
    await expect.poll(() => page.title()).toBe('Zamanlama · Pano');
    await page.getByTestId('schedule-card').first().waitFor();

    await page.getByRole('button', { name: 'Yeni Zamanlama' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Zamanlama' });
    await dialog.getByRole('button', { name: 'Oluştur' }).click();
    await dialog.getByText('Lütfen zamanlama adını girin').waitFor();
    await dialog.getByText('Lütfen en az bir ekran veya ekran grubu seçin').waitFor();

    await dialog.getByLabel('Zamanlama Adı').fill('Öğle arası menü');
    await dialog.getByLabel('Playlist', { exact: true }).selectOption({ label: 'Öğle Menüsü' });
    await dialog.getByRole('checkbox', { name: 'Kafeterya' }).check();
    await dialog.getByRole('button', { name: 'Her gün' }).click();
    await dialog.getByLabel('Başlangıç saati').fill('12:00');
    await dialog.getByLabel('Bitiş saati').fill('13:30');
    await snap(page, FLOW, '01-form');
    await dialog.getByRole('button', { name: 'Oluştur' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByTestId('schedule-card').filter({ hasText: 'Öğle arası menü' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Her gün · 12:00–13:30');
    expect(await card.textContent()).toContain('Kafeterya');
    const saved = await call<{ name: string; groups: { _id: string }[]; days: number[]; priority: number }[]>(base, token, '/api/schedules');
    expect(saved.find((s) => s.name === 'Öğle arası menü')).toMatchObject({ groups: [{ _id: group._id }], days: [1, 2, 3, 4, 5, 6, 7], priority: 5 });

    // The week of the member screen: lunch every day, news on weekdays, the screen's own
    // playlist around them, and the 13:00-13:30 overlap of equal priority marked.
    await page.getByLabel('Ekran veya grup').selectOption({ label: 'Kasa Ekranı' });
    const sunday = page.getByTestId('week-day').nth(6);
    expect(await sunday.getByTestId('week-block').evaluateAll((els) => els.map((el) => el.getAttribute('title'))))
      .toEqual(['00:00–12:00 Lobi Döngüsü', '12:00–13:30 Öğle arası menü · Öğle Menüsü', '13:30–24:00 Lobi Döngüsü']);
    expect(await page.getByTestId('week-conflict').count()).toBe(5);
    expect(await page.getByTestId('week-now').count()).toBe(1);
    await page.getByText('Çakışma', { exact: true }).waitFor();
    await page.getByTestId('week-day').first().scrollIntoViewIfNeeded();
    await snap(page, FLOW, '02-list-and-week');

    // A phone: the grid scrolls inside its frame, the page itself does not get wider.
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await page.locator('.week-scroll').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('names and colours each entry, sets the default apart, makes conflicts plain and opens on today at 375 px', async () => {
    const base = e2e.server.url;
    const email = uniqueEmail('hafta');
    await apiRegister(base, email);
    const token = await apiLogin(base, email);
    await buyPackage(base, token, 'Başlangıç');
    const lobby = await createPlaylistWithImage(base, token, 'Lobi Genel');
    const lunch = await createPlaylistWithImage(base, token, 'Öğle Menüsü');
    const news = await createPlaylistWithImage(base, token, 'Haberler');
    const post = <T>(path: string, body: unknown) => call<T>(base, token, path, { method: 'POST', body });
    const screen = await post<{ _id: string }>('/api/screens', { name: 'Lobi Ekranı', status: 'active' });
    await call(base, token, `/api/screens/${screen._id}`, { method: 'PUT', body: { currentPlaylist: lobby } });
    const every = [1, 2, 3, 4, 5, 6, 7];
    // The case: a coffee break that plays the screen's own playlist.
    await post('/api/schedules', { name: 'Kahve Molası', playlist: lobby, screens: [screen._id], days: every, startTime: '10:00', endTime: '10:30' });
    await post('/api/schedules', { name: 'Öğle Yayını', playlist: lunch, screens: [screen._id], days: every, startTime: '12:00', endTime: '14:00' });
    await post('/api/schedules', { name: 'Öğleden Sonra Haberler', playlist: news, screens: [screen._id], days: every, startTime: '13:00', endTime: '15:00' });

    // Today is a Sunday, the last column: Monday's is what a phone showed first.
    const sunday = new Date();
    sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
    sunday.setUTCHours(9, 0, 0, 0); // 12:00 in Istanbul
    const { page, context, errors } = await e2e.newPage(MOBILE);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await context.clock.setSystemTime(sunday);
    await page.goto('/schedule');
    const today = page.getByTestId('week-day').nth(6);
    await today.getByTestId('week-block').first().waitFor();

    // Today's column is inside the frame's visible part, right of the hours (once the grid has
    // its final size: its styles may arrive after the first frame on a busy machine).
    await expect.poll(() => page.evaluate(() => {
      const scroll = document.querySelector('.week-scroll')!.getBoundingClientRect();
      const head = document.querySelector('.week-day-head.is-today')!.getBoundingClientRect();
      return head.left >= scroll.left && head.right <= scroll.right;
    }), { timeout: waitBudgetMs() }).toBe(true);

    // Each entry by its own name, its playlist beneath; the default by its playlist.
    const blocks = today.getByTestId('week-block');
    expect(await blocks.evaluateAll((els) => els.map((el) => el.getAttribute('title')))).toEqual([
      '00:00–10:00 Lobi Genel', '10:00–10:30 Kahve Molası · Lobi Genel', '10:30–12:00 Lobi Genel',
      '12:00–13:00 Öğle Yayını · Öğle Menüsü', '13:00–15:00 Öğleden Sonra Haberler · Haberler', '15:00–24:00 Lobi Genel',
    ]);
    expect(await blocks.nth(1).locator('.week-block-name').textContent()).toBe('Kahve Molası');
    // Three entries, three colours, none of them the default's.
    const colour = (i: number) => blocks.nth(i).evaluate((el) => getComputedStyle(el).backgroundColor);
    const [fallback, coffee, lunchColour, newsColour] = [await colour(0), await colour(1), await colour(3), await colour(4)];
    expect(new Set([fallback, coffee, lunchColour, newsColour]).size).toBe(4);
    expect(await blocks.nth(0).evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('dashed');

    // The later change wins the 13:00-14:00 overlap, which covers the column's width and is listed in words, once for the week.
    const conflict = today.getByTestId('week-conflict');
    const [box, col] = [await conflict.boundingBox(), await today.boundingBox()];
    expect(box!.width).toBeGreaterThanOrEqual(col!.width * 0.9);
    expect(await page.getByTestId('week-conflict-list').locator('li').allTextContents())
      .toEqual(['Çakışma, Her gün 13:00–14:00: Öğle Yayını, Öğleden Sonra Haberler']);
    expect(await page.getByTestId('week-conflict-list').isVisible()).toBe(true);
    await snap(page, FLOW, '03-week-today');
    expect(errors).toEqual([]);
  });
});
