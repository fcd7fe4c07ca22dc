import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { budgetMs } from '../../scripts/test-budget';
import { artifactsDir } from './paths';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** Debian's Chromium only; it is never downloaded (apt installs it when missing, as .ci/run does). */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('[e2e] /usr/bin/chromium missing, installing it with apt-get');
  execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
}

/**
 * How long one wait for the page may take: the test's own budget at the machine's load now
 * (scripts/test-budget.ts), 15 s on a machine not busier than its cores. A fixed 15 s failed a
 * wait on a busy CI machine while the test as a whole still had time left: the budget, which
 * grows with the load, is what decides a test is too slow (docs/architecture/tests.md#tests).
 */
export const waitBudgetMs = (): number => budgetMs(os.loadavg()[0]!, os.availableParallelism());

/** `extraArgs`: e.g. `--lang=en-US`, for a browser whose own texts are not Turkish. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, ...extraArgs], headless: true });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 740 };

export async function newContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL, viewport, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  ctx.setDefaultTimeout(waitBudgetMs());
  return ctx;
}

/** Fails the test on uncaught page errors; collects console errors for the report. */
export function watchPage(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { errors };
}

/**
 * Full-page screenshots at 1280px and 375px into e2e/artifacts/<flow>/<step>-<width>.png.
 * The viewport is restored afterwards. Each is taken once the new width is laid out and
 * painted, with transitions it set off run to their end (Playwright's `animations: 'disabled'`).
 */
export async function snap(page: Page, flow: string, step: string): Promise<void> {
  const dir = path.join(artifactsDir, flow);
  await mkdir(dir, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const vp of [DESKTOP, MOBILE]) {
    await page.setViewportSize(vp);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(dir, `${step}-${vp.width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(original);
}

/** The page's uploads held at `bytesPerSecond` (-1: no limit), by Chromium's network emulation. */
export async function throttleUploads(cdp: CDPSession, bytesPerSecond: number): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}
