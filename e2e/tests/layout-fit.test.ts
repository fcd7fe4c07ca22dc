import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2E } from '../support/harness';
import { LONG_LAYOUT_NAME, LONG_PLAYLIST_NAME } from './ui-fixtures';
import { LONG_TEMPLATE_NAME, seedLayoutShowcase, type LayoutShowcase } from './layout-fixtures';
import { layoutProblems } from './layout-checks';

/**
 * Every page and every dialog a button on it opens fits at 1280, 1024, 768 and 375 px: no
 * sideways scroll, nothing cut off, sticking out of its card or covering something else, no
 * word broken in the middle (docs/PRODUCT.md#layout). With long Turkish names and twelve
 * screens, one of them in trouble. One browser, one page per role, resized rather than reopened.
 */
const e2e = useE2E();
const WIDTHS = [1280, 1024, 768, 375];
let showcase: LayoutShowcase;
const pages: { customer?: Page; admin?: Page; visitor?: Page } = {};

beforeAll(async () => {
  showcase = await seedLayoutShowcase(e2e.server.url);
  // The devices leave: their screens are offline, and 'Sorunlu' once the warning time has passed.
  for (const d of showcase.devices) d.close();
  for (const role of ['customer', 'admin', 'visitor'] as const) {
    const { page, context } = await e2e.newPage();
    const token = role === 'visitor' ? null : showcase[role].token;
    if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
    // Three hours on: the screen the device left is past any warning time (docs/PRODUCT.md#screens).
    await context.clock.setSystemTime(Date.now() + 3 * 3_600_000);
    pages[role] = page;
  }
});
afterAll(() => {
  for (const d of showcase?.devices ?? []) d.close();
});

/** A heading or an alert is up, no spinner or 'Yükleniyor...' left. */
const settled = (page: Page, scope: string) => page.waitForFunction((sel) => {
  const root = document.querySelector(sel);
  return root !== null && root.querySelector('h1, h2, [role="alert"]') !== null
    && root.querySelector('.loading, .loading-page, .spinner') === null && !(root as HTMLElement).innerText.includes('Yükleniyor');
}, scope, { timeout: 30_000 });

/** The browser has laid out and painted the new size. */
const painted = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** What does not fit in `scope` at each width, as '<width> px: <problem>'. */
async function atEveryWidth(page: Page, scope: string, waitFor: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await painted(page);
    await settled(page, waitFor);
    found.push(...(await page.evaluate(layoutProblems, scope)).map((p) => `${width} px: ${p}`));
  }
  return found;
}

/** A button's accessible name, or a pattern for it, that opens a dialog. */
type Opener = string | RegExp;
/** A route of web/src/app/router.tsx (':packageId' and ':screenId' filled in from the showcase). */
type RouteCase = { path: string; dialogs?: Opener[] };

async function checkRoute(page: Page, path: string, dialogs: Opener[]): Promise<string[]> {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
  await page.goto(path);
  await settled(page, 'body');
  const found = (await atEveryWidth(page, 'body', 'body')).map((p) => `${path} ${p}`);
  for (const opener of dialogs) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await page.getByRole('button', { name: opener, exact: true }).first().click();
    const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
    await dialog.waitFor();
    found.push(...(await atEveryWidth(page, '[role="dialog"], [role="alertdialog"]', '.modal-backdrop'))
      .map((p) => `${path} dialog '${opener}' ${p}`));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
  return found;
}

const customer: RouteCase[] = [
  { path: '/dashboard' },
  { path: '/media', dialogs: ['Sil: Afiş 1', 'Uygulama Ekle'] },
  { path: '/playlists', dialogs: ['Playlist Oluştur', `Sil: ${LONG_PLAYLIST_NAME}`] },
  { path: '/layouts', dialogs: ['Yeni Yerleşim', `Sil: ${LONG_LAYOUT_NAME}`] },
  { path: '/direction', dialogs: ['Playlist Oluştur', /^Düzenle: Kafeterya ve Ana Giriş/, /^Sil: Kafeterya ve Ana Giriş/] },
  {
    path: '/screens',
    dialogs: ['Sil: Kafeterya Girişi Büyük Ekran', 'Düzenle: Poliklinikler ve Bekleme Alanları', 'Sil: Poliklinikler ve Bekleme Alanları'],
  },
  { path: '/assignment', dialogs: ['Ata'] },
  { path: '/schedule', dialogs: ['Yeni Zamanlama', 'Düzenle: Öğle menüsü', 'Sil: Öğle menüsü'] },
  { path: '/reports' },
  { path: '/activity' },
  {
    path: '/alerts',
    dialogs: ['Yeni Şablon', `Düzenle: ${LONG_TEMPLATE_NAME}`, `Gönder: ${LONG_TEMPLATE_NAME}`, `Sil: ${LONG_TEMPLATE_NAME}`, /^Bitir: /],
  },
  { path: '/settings', dialogs: ['Cihazı Kaldır: Test cihazı', /^İptal Et: /, 'Uygulamayı İndir', /^Sil: https:\/\/203\.0\.114\.25\//] },
  { path: '/packages' },
  { path: '/purchase/:packageId' },
  { path: '/preview/:screenId' },
];
const admin: RouteCase[] = [
  { path: '/admin/packages', dialogs: ['Yeni Paket Oluştur', 'Düzenle: Kurumsal Plus Hastane Zinciri', 'Sil: Kurumsal Plus Hastane Zinciri', 'Admin Hesabını Sil'] },
  { path: '/admin/sales' },
  { path: '/admin/apk' },
  { path: '/admin/activity' },
];
const visitor: RouteCase[] = ['/', '/login', '/register', '/register-admin', '/bu-sayfa-yok'].map((path) => ({ path }));

describe('every page and dialog fits at 1280, 1024, 768 and 375 px', () => {
  for (const [role, cases] of [['customer', customer], ['admin', admin], ['visitor', visitor]] as const) {
    for (const c of cases) {
      it(`${role}: ${c.path}${c.dialogs ? ` and its ${c.dialogs.length} dialog(s)` : ''}`, async () => {
        const path = c.path.replace(':packageId', showcase.packageId).replace(':screenId', showcase.screenIds[0]!);
        expect(await checkRoute(pages[role]!, path, c.dialogs ?? [])).toEqual([]);
      });
    }
  }
});

describe('the layout editor fits at every width', () => {
  it(`customer: /layouts editing ${LONG_LAYOUT_NAME}`, async () => {
    const page = pages.customer!;
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await page.goto('/layouts');
    await settled(page, 'body');
    await page.getByRole('button', { name: `Düzenle: ${LONG_LAYOUT_NAME}`, exact: true }).click();
    await page.getByTestId('layout-canvas').waitFor();
    expect((await atEveryWidth(page, 'body', 'body')).map((p) => `/layouts editor ${p}`)).toEqual([]);
  });
});
