import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitBudgetMs } from '../support/browser';
import { artifactsDir } from '../support/paths';
import { useE2E } from '../support/harness';
import { assign, call, createPlaylist, createScreen, customerWithPackage, openAsPairedDevice, pairToScreen, type Customer } from './player-fixtures';

const e2e = useE2E();
const shot = (name: string) => path.join(artifactsDir, 'player-apps', name);

/**
 * Apps on a real device page, with the server's real headers (its CSP): a web app's page from
 * another origin shows in its frame, and a text app shows its text as text. A jsdom test cannot
 * see either: it applies no CSP and draws nothing.
 */
describe('apps on a device (/player)', () => {
  let site: http.Server;
  let siteUrl: string;
  let c: Customer;
  let page: Page;
  const BODY = '<b>kalın değil</b>\nikinci satır';

  beforeAll(async () => {
    // The customer's web page: another origin than the player's (another port).
    site = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><body style="background:#fde047"><h1 id="m">Merhaba Web</h1></body></html>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

    c = await customerWithPackage(e2e.server.url);
    const app = (name: string, settings: object) =>
      call<{ _id: string; filePath: string }>(c.baseUrl, c.token, '/api/media/apps', { method: 'POST', body: { name, app: settings } });
    const web = await app('Kantin Menüsü', { kind: 'web', url: siteUrl });
    const text = await app('Duyuru', { kind: 'text', title: 'Ziyaret Saatleri', body: BODY });
    const playlist = await createPlaylist(c, 'Uygulamalar', [{ media: web, duration: 4 }, { media: text, duration: 4 }]);
    const screenId = await createScreen(c, 'Kantin');
    await assign(c, screenId, playlist);
    const paired = await pairToScreen(e2e.server.url, c, screenId);
    ({ page } = await e2e.newPage());
    await openAsPairedDevice(page, { deviceToken: paired.deviceToken, screenId });
  });
  afterAll(async () => {
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });

  it("shows a web app's page from another origin in its frame", async () => {
    const frame = page.frameLocator('[data-testid=web-app]');
    await frame.locator('#m').waitFor({ timeout: waitBudgetMs() });
    expect(await frame.locator('#m').textContent()).toBe('Merhaba Web');
    expect(await page.getByTestId('web-app').getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    await page.screenshot({ path: shot('01-web-app.png') });
  });

  it('shows a text app as plain text, its line breaks kept and its markup not read', async () => {
    const body = page.getByTestId('text-body');
    await body.waitFor({ timeout: waitBudgetMs() });
    expect(await body.textContent()).toBe(BODY);
    expect(await body.locator('b').count()).toBe(0);
    expect(await body.evaluate((el) => getComputedStyle(el).whiteSpace)).toMatch(/^pre/);
    expect(await page.getByTestId('text-title').textContent()).toBe('Ziyaret Saatleri');
    await page.screenshot({ path: shot('02-text-app.png') });
  });
});
