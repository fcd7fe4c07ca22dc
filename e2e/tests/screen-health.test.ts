import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, snap, waitBudgetMs } from '../support/browser';
import { useE2E } from '../support/harness';
import { artifactsDir } from '../support/paths';
import { assign, call, createPlaylist, createScreen, customerWithPackage, uploadPng, pairPlayer, type Customer } from './player-fixtures';

const e2e = useE2E();
const FLOW = 'screen-health';

/** A customer with one screen whose playlist is one orange picture (made through the API). */
async function customerScreen(name: string) {
  const c = await customerWithPackage(e2e.server.url);
  const orange = await uploadPng(c, 'turuncu', [234, 88, 12]);
  const playlist = await createPlaylist(c, 'Lobi Döngüsü', [{ media: orange, duration: 60 }]);
  await assign(c, await createScreen(c, name), playlist);
  return { c, orange };
}

/** The wall: a player paired with the customer's mobile code, in its own browser context, showing the picture. */
async function wallOf(c: Customer, name: string, filePath: string) {
  const { page, errors } = await e2e.newPage();
  await pairPlayer(page, c.mobileCode, name, filePath);
  return { player: page, playerErrors: errors };
}

/**
 * The customer's dashboard on `route`, once its socket has joined the customer's room: what the
 * lists said on load is from before, and only the socket tells what changes after.
 */
async function dashboardAt(c: Customer, route: string, before?: (page: Page) => Promise<void>) {
  const { page, errors } = await e2e.newPage();
  await before?.(page);
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('token', token), c.token);
  // socket.io's CONNECT acknowledgement ('40…') on the dashboard socket.
  const joined = page.waitForEvent('websocket').then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).startsWith('40')));
  await page.goto(route);
  await joined;
  return { page, errors };
}

describe('screen health on the dashboard', () => {
  it('a screenshot requested from the dashboard appears on the screen card', async () => {
    const { c, orange } = await customerScreen('Lobi TV');
    // The office first, then the wall: the card turns online, with its device, when the player comes.
    const { page: dashboard, errors } = await dashboardAt(c, '/screens');
    const { player, playerErrors } = await wallOf(c, 'Lobi TV', orange.filePath);
    const card = dashboard.getByTestId('screen-card').filter({ hasText: 'Lobi TV' });
    await card.getByTestId('screen-status').getByText('Çevrimiçi').waitFor();
    await card.getByText('Linux · Chrome').waitFor();

    await card.getByRole('button', { name: 'Ekran Görüntüsü Al: Lobi TV' }).click();
    const image = card.getByRole('img', { name: 'Ekran görüntüsü: Lobi TV' });
    await image.waitFor({ timeout: waitBudgetMs() });
    await dashboard.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await image.elementHandle());
    expect(await card.getByTestId('screen-shot-time').textContent()).toMatch(/^Çekildi: \d\d:\d\d$/);
    await expect.poll(() => card.getByRole('button', { name: 'Ekran Görüntüsü Al: Lobi TV' }).textContent()).toBe('Ekran Görüntüsü Al');

    // The image is what the wall shows: its middle is the picture's orange (234, 88, 12), which
    // the test picture darkens towards one corner, so its proportions rather than its values.
    const [r, g, b] = await image.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return [...ctx.getImageData(Math.floor(img.naturalWidth / 2), Math.floor(img.naturalHeight / 2), 1, 1).data] as number[];
    });
    expect(r).toBeGreaterThan(100);
    expect(Math.abs(g! / r! - 88 / 234)).toBeLessThan(0.08);
    expect(b! / r!).toBeLessThan(0.15);

    // The player's report reached the card's 'Durum'.
    const health = card.getByTestId('screen-health');
    await expect.poll(() => health.getByTestId('screen-health-summary').textContent()).toMatch(/^Sürüm .+ · \d+ dk açık$/);
    await health.getByText('Durum', { exact: true }).click();
    // The item on the wall (a report the server held back by its 5 s rate limit follows).
    await expect.poll(() => health.getByTestId('health-playing').textContent(), { timeout: waitBudgetMs() }).toBe('turuncu');
    await snap(dashboard, FLOW, '01-card-with-screenshot');
    expect(errors).toEqual([]);
    expect(playerErrors).toEqual([]);
    await player.close();
  });

  it("a screen offline longer than the warning time is 'sorunlu' in the sidebar and on /screens", async () => {
    const { c, orange } = await customerScreen('Kasa TV');
    await call(c.baseUrl, c.token, '/api/settings/health', { method: 'PUT', body: { warnMinutes: 1 } });
    // The dashboard's clock runs on its own, so a minute can pass in a moment.
    const { page: dashboard, errors } = await dashboardAt(c, '/screens', (page) => page.clock.install());
    const { player } = await wallOf(c, 'Kasa TV', orange.filePath);
    const card = dashboard.getByTestId('screen-card').filter({ hasText: 'Kasa TV' });
    await card.getByTestId('screen-status').getByText('Çevrimiçi').waitFor();

    await player.close();
    await card.getByTestId('screen-status').getByText('Çevrimdışı').waitFor();
    expect(await dashboard.getByTestId('nav-note').count()).toBe(0);
    await dashboard.clock.fastForward('01:05');
    await dashboard.getByTestId('nav-note').getByText('1 ekran sorunlu', { exact: true }).waitFor();
    expect(await dashboard.getByTestId('screens-problem-banner').textContent()).toContain('1 ekran sorunlu');
    expect(await card.getByTestId('screen-problem').textContent()).toBe('Sorunlu');
    await snap(dashboard, FLOW, '02-sorunlu');

    // On a phone the sidebar is behind the menu button.
    await dashboard.setViewportSize(MOBILE);
    await dashboard.getByRole('button', { name: 'Menüyü aç' }).click();
    await dashboard.getByTestId('nav-note').waitFor();
    // The menu slides in: the picture is taken once it is all in view.
    await dashboard.waitForFunction(() => document.getElementById('sidebar')!.getBoundingClientRect().left >= 0
      && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
    await mkdir(path.join(artifactsDir, FLOW), { recursive: true });
    await dashboard.screenshot({ path: path.join(artifactsDir, FLOW, '03-sidebar-menu-375.png') });
    expect(errors).toEqual([]);
  });
});
