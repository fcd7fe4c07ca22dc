import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { describeViolations, runAxe } from '../support/axe';
import { DESKTOP, MOBILE, snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { LONG_PLAYLIST_NAME, seedShowcase, type Showcase } from './ui-fixtures';

/**
 * The dashboard as people and tools judge it: axe-core on every route for every role,
 * layout shift while data arrives, and the geometry of cards, tables and the shell.
 * One server, one browser and one seeded showcase for the whole file.
 */
const e2e = useE2E();
const FLOW = 'ui-audit';
let showcase: Showcase;
beforeAll(async () => {
  showcase = await seedShowcase(e2e.server.url);
});

async function signedIn(token: string, viewport = DESKTOP): Promise<Page> {
  const { page, context } = await e2e.newPage(viewport);
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return page;
}

// --- Accessibility ---------------------------------------------------------------------

/** Every route of the router, and one it does not know. */
const routes = (s: Showcase) => [
  '/', '/login', '/register', '/register-admin', '/bu-sayfa-yok', '/dashboard',
  '/media', '/playlists', '/layouts', '/direction', '/screens', '/assignment', '/schedule', '/alerts', '/settings', '/packages',
  `/purchase/${s.packageId}`, `/preview/${s.screenIds[0]}`, '/admin/packages', '/admin/sales', '/admin/apk',
];

/**
 * The page has rendered its data: a heading or an alert is up (so a redirect has finished,
 * including one to a lazily loaded page), no spinner and no 'Yükleniyor...' left anywhere
 * (the player's included).
 */
async function settle(page: Page) {
  await page.waitForFunction(() => document.querySelector('h1, [role="alert"]') !== null
    && document.querySelector('.loading, .loading-page') === null
    && !document.body.innerText.includes('Yükleniyor'));
}

/**
 * Besides every serious and critical violation, these fail too: the page structure a
 * screen-reader user navigates by (one h1, one main, everything inside a landmark) and
 * images whose text repeats their caption.
 */
const STRUCTURE = new Set(['page-has-heading-one', 'landmark-one-main', 'region', 'image-redundant-alt']);

/**
 * Every route as it renders for the role (a token, or none for a visitor), at 1280 and
 * 375 px. A route that redirects to a page already scanned (a visitor's /media → /login)
 * is not scanned twice.
 */
async function scanRoutes(token: string | null, paths: string[]): Promise<string[]> {
  const { page, context, errors } = await e2e.newPage();
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const found: string[] = [];
  const scanned = new Set<string>();
  for (const route of paths) {
    await page.setViewportSize(DESKTOP);
    await page.goto(route);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    if (scanned.has(landed)) continue;
    scanned.add(landed);
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      const violations = (await runAxe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRUCTURE.has(v.id));
      found.push(...describeViolations(`${route} @${viewport.width}px`, violations));
    }
  }
  // 4xx answers are expected (a visitor's 401, the admin previewing a screen that is not theirs).
  expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
  return found;
}

/** Each role's routes are scanned in this many tests (every third route in each), so no one test runs long. */
const PARTS = 3;

describe('accessibility (axe-core) of every route', () => {
  const roles: [string, () => string | null][] = [
    ['as a visitor', () => null],
    ['as a customer with a package, media, playlists, tickers and screens', () => showcase.customer.token],
    ['as an admin', () => showcase.admin.token],
  ];
  for (const [role, token] of roles) {
    for (let part = 0; part < PARTS; part++) {
      it(`${role} (routes, part ${part + 1} of ${PARTS})`, async () => {
        expect(await scanRoutes(token(), routes(showcase).filter((_, i) => i % PARTS === part))).toEqual([]);
      });
    }
  }
});

// --- Layout shift ----------------------------------------------------------------------

/** Resolves after the browser has rendered a frame with everything the page has done so far. */
const painted = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Cumulative layout shift (the browser's own 'layout-shift' entries) of a full load of
 * `path`. The page's data answers are held until it has painted its loading state, then
 * let through one at a time, a frame apart, in request order or reversed: either can
 * happen on a slow network.
 */
async function layoutShift(page: Page, path: string, dataPaths: RegExp[], loaded: string, reversed: boolean): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number };
    w.cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Held per answer (a development build's StrictMode asks twice and aborts the first);
  // once an answer is released, later asks for it go straight through.
  const held = dataPaths.map(() => [] as Route[]);
  const released = new Set<number>();
  // An aborted request cannot be continued, and need not be.
  const pass = (route: Route) => route.continue().catch(() => undefined);
  await page.route((url) => dataPaths.some((p) => p.test(url.pathname)), async (route) => {
    const i = dataPaths.findIndex((p) => p.test(new URL(route.request().url()).pathname));
    if (released.has(i)) await pass(route);
    else held[i]!.push(route);
  });
  await page.goto(path);
  // The data is asked for after the app's scripts load and the session is verified: seconds on
  // a busy machine, beyond expect.poll's default of one second.
  await expect.poll(() => held.every((routes) => routes.length > 0), { timeout: 30_000 }).toBe(true);
  const order = dataPaths.map((_, i) => i);
  if (reversed) order.reverse();
  for (const i of order) {
    await painted(page);
    released.add(i);
    for (const route of held[i]!) await pass(route);
  }
  await page.locator(loaded).first().waitFor();
  await painted(page);
  return page.evaluate(() => (window as unknown as { cls: number }).cls);
}

describe('layout shift while data arrives', () => {
  const pages = [
    { path: '/settings', data: [/^\/api\/purchase\/my-package\//, /^\/api\/settings$/], loaded: '[data-testid="package-info"]' },
    { path: '/playlists', data: [/^\/api\/playlists$/, /^\/api\/media$/], loaded: '[data-testid="playlist-card"]' },
  ];
  for (const { path, data, loaded } of pages) {
    for (const viewport of [DESKTOP, MOBILE]) {
      it(`${path} at ${viewport.width} px shifts less than 0.1, whichever answer comes first`, async () => {
        for (const reversed of [false, true]) {
          const page = await signedIn(showcase.customer.token, viewport);
          expect(await layoutShift(page, path, data, loaded, reversed)).toBeLessThan(0.1);
          await page.close();
        }
      });
    }
  }
});

// --- Visual layout ---------------------------------------------------------------------

/** Tops of the elements, rounded to whole pixels. */
const tops = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));

describe('visual layout', () => {
  it('the sidebar is dark down to the bottom of a long page', async () => {
    const page = await signedIn(showcase.customer.token);
    await page.goto('/settings');
    await page.getByTestId('package-info').waitFor();
    await snap(page, FLOW, 'settings');
    const { pageHeight, viewportHeight, darkUntil } = await page.evaluate(() => {
      const colour = getComputedStyle(document.querySelector('aside')!).backgroundColor;
      // Whatever paints the sidebar's colour along the left edge, in page coordinates.
      const painters = Array.from(document.querySelectorAll('body *')).filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left <= 0 && r.right >= 200 && getComputedStyle(el).backgroundColor === colour;
      });
      return {
        pageHeight: document.documentElement.scrollHeight,
        viewportHeight: window.innerHeight,
        darkUntil: Math.max(...painters.map((el) => el.getBoundingClientRect().bottom + window.scrollY)),
      };
    });
    expect(pageHeight).toBeGreaterThan(viewportHeight + 200);
    expect(darkUntil).toBeGreaterThanOrEqual(pageHeight - 1);
  });

  it('screen cards of different heights keep their buttons on one line', async () => {
    const page = await signedIn(showcase.customer.token);
    await page.goto('/screens');
    await page.getByTestId('screen-card').nth(2).waitFor();
    await snap(page, FLOW, 'screens');
    const cards = page.getByTestId('screen-card');
    const heights = await cards.evaluateAll((els) => els.map((el) => el.querySelector('dl')!.getBoundingClientRect().height));
    expect(new Set(heights).size).toBeGreaterThan(1); // one card lists a ticker, the others do not
    expect(new Set(await tops(page, '[data-testid="screen-card"]')).size).toBe(1);
    expect(new Set(await tops(page, '[data-testid="screen-card"] .card-actions > *')).size).toBe(1);
  });

  it("'Düzenle' and 'Sil' share a line in every row of the admin packages table at 1280 px", async () => {
    const page = await signedIn(showcase.admin.token);
    await page.goto('/admin/packages');
    await page.getByText('Kurumsal Plus Hastane Zinciri').waitFor();
    await snap(page, FLOW, 'admin-packages');
    const rows = await page.getByTestId('package-row').evaluateAll((trs) => trs.map((tr) => {
      const top = (name: string) => Array.from(tr.querySelectorAll('button')).find((b) => b.textContent === name)!.getBoundingClientRect().top;
      return top('Sil') - top('Düzenle');
    }));
    expect(rows).toHaveLength(5);
    expect(rows.every((d) => Math.abs(d) < 1)).toBe(true);
    // ...and without pushing the table wider than its frame.
    expect(await page.locator('.table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`a long playlist name is clamped to two lines, the ticker speed badge to one, at ${viewport.width} px`, async () => {
      const page = await signedIn(showcase.customer.token, viewport);
      await page.goto('/playlists');
      const name = page.getByRole('heading', { name: LONG_PLAYLIST_NAME });
      await name.waitFor();
      if (viewport === DESKTOP) await snap(page, FLOW, 'playlists');
      const lines = (el: Element) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight);
      expect(await name.evaluate(lines)).toBeLessThanOrEqual(2.05);
      expect(await name.getAttribute('title')).toBe(LONG_PLAYLIST_NAME);

      await page.goto('/direction');
      await page.getByTestId('ticker-card').nth(1).waitFor();
      if (viewport === DESKTOP) await snap(page, FLOW, 'ticker');
      const badges = page.getByTestId('ticker-card').locator('.badge');
      expect(await badges.count()).toBe(2);
      for (const l of await badges.evaluateAll((els) => els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
      }))) expect(l).toBe(1);
    });
  }

  for (const viewport of [DESKTOP, MOBILE, { width: 1600, height: 900 }]) {
    it(`four packages never leave one alone on a row at ${viewport.width} px`, async () => {
      const page = await signedIn(showcase.customer.token, viewport);
      await page.goto('/packages');
      await page.getByTestId('package-card').nth(3).waitFor();
      if (viewport === DESKTOP) await snap(page, FLOW, 'packages');
      const rows = new Map<number, number>();
      for (const top of await tops(page, '[data-testid="package-card"]')) rows.set(top, (rows.get(top) ?? 0) + 1);
      const perRow = [...rows.values()];
      expect(perRow.reduce((a, b) => a + b)).toBe(4);
      expect(new Set(perRow).size).toBe(1); // every row holds as many cards as the first
    });
  }

  it('the logo is an SVG mark, in the menu, the phone top bar, the public header and the tab', async () => {
    const page = await signedIn(showcase.customer.token);
    await page.goto('/media');
    await page.locator('main h1').waitFor();
    const mark = async (selector: string) => {
      expect(await page.locator(`${selector} svg`).count()).toBeGreaterThan(0);
      const box = await page.locator(`${selector} svg`).first().boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(20);
      expect(await page.locator(selector).first().textContent()).not.toMatch(/[▣■□]/);
    };
    await mark('aside');
    await page.setViewportSize(MOBILE);
    await mark('header');
    await page.goto('/');
    await page.locator('main h1').waitFor();
    await mark('header');
    const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href'));
    expect(icon).toBeTruthy();
    const res = await fetch(new URL(icon!, e2e.server.url));
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
  });
});
