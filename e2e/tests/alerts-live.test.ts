import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route, WebSocketRoute } from 'playwright-core';
import { snap } from '../support/browser';
import { apiLogin, apiRegisterAdmin, signInWithToken, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';
import { assign, call, createPlaylist, createScreen, customerWithPackage, uploadPng, waitForVisible, pairPlayer, type Customer, type UploadedMedia } from './player-fixtures';

const e2e = useE2E();
const FLOW = 'alerts-live';
const TITLE = 'Kod Mavi — 3. kat';
/** The detail's safety-net read (web/src/features/alerts/api/use-alerts.ts, ACK_FALLBACK_MS). */
const FALLBACK_MS = 20_000;

// Issue #14 end to end: a paired player in Chromium takes the alert over its playlist within a
// second of POST /api/alerts, the sender's /alerts page shows the confirmation as it happens
// (from the socket, not a read), and 'Bitir' gives the screen back to its playlist.
describe('Acil Duyuru live: player takeover, confirmation on the dashboard, end', () => {
  let c: Customer;
  let image: UploadedMedia;
  let screenId: string;
  let alertId: string;
  let player: Page;
  let playerErrors: string[];
  let dashboard: Page;
  // The player's `alert:ack` frames are held here until the dashboard watches (see beforeAll).
  const heldAcks: { server: WebSocketRoute; message: string }[] = [];
  let holdAcks = true;

  beforeAll(async () => {
    c = await customerWithPackage(e2e.server.url);
    image = await uploadPng(c, 'turuncu', [234, 88, 12]);
    const playlist = await createPlaylist(c, 'Koridor afişleri', [{ media: image, duration: 30 }]);
    screenId = await createScreen(c, '3. kat koridor');
    await assign(c, screenId, playlist);

    // The wall. Its socket passes through here: the acknowledgement a player sends once the
    // alert is painted is held back, so the dashboard is watching '0 / 1' before it arrives.
    const opened = await e2e.newPage();
    player = opened.page;
    playerErrors = opened.errors;
    await opened.context.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (holdAcks && typeof message === 'string' && message.startsWith('42["alert:ack"')) heldAcks.push({ server, message });
        else server.send(message);
      });
    });
    await pairPlayer(player, c.mobileCode, '3. kat koridor', image.filePath);

    const { page } = await e2e.newPage();
    dashboard = page;
    await signInWithToken(dashboard, c.token, '/media');
    await dashboard.getByRole('heading', { name: 'Medya', level: 1 }).waitFor();
  });

  it('the player shows the alert within a second of POST /api/alerts, over its playlist', async () => {
    // The moment the overlay is in the page, by the same clock as the request's start.
    await player.evaluate(() => {
      const w = window as unknown as { __alertShownAt?: number };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid=alert-overlay]')) return;
        w.__alertShownAt = Date.now();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    const requestedAt = Date.now();
    const sent = await call<{ _id: string; targetCount: number }>(c.baseUrl, c.token, '/api/alerts', {
      method: 'POST', body: { title: TITLE, message: 'Mavi kod ekibi 3. kata.\nAsansörleri kullanmayın.', screens: [screenId] },
    });
    alertId = sent._id;
    expect(sent.targetCount).toBe(1);
    const overlay = player.getByTestId('alert-overlay');
    await overlay.waitFor();
    const shownAt = await player.evaluate(() => (window as unknown as { __alertShownAt?: number }).__alertShownAt ?? null);
    expect(shownAt).not.toBeNull();
    expect(shownAt! - requestedAt).toBeLessThan(1000);
    expect(await overlay.getAttribute('data-alert-id')).toBe(alertId);
    expect(await overlay.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
    // It covers the whole player.
    const box = await overlay.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1280, height: 800 });
    // Painted, so acknowledged: the frame is on its way (held here for the next test).
    await expect.poll(() => heldAcks.length, { timeout: 5000 }).toBe(1);
    await snap(player, FLOW, '01-player-takeover');
  });

  it('the dashboard shows the screen confirmed as it happens, without reload or a new read', async () => {
    // The sender opens /alerts from the menu, after the alert went out (the page lists it).
    await dashboard.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Acil Duyuru' }).click();
    await dashboard.getByRole('heading', { name: 'Acil Duyuru', level: 1 }).waitFor();
    const active = dashboard.getByTestId('alert-active').filter({ hasText: TITLE });
    await active.getByRole('button', { name: `Ayrıntı: ${TITLE}` }).click();
    const progress = dashboard.getByTestId('alert-progress');
    await progress.getByText('0 / 1 ekran onayladı', { exact: true }).waitFor();
    const row = dashboard.getByTestId('alert-detail').getByRole('listitem');
    expect(await row.textContent()).toContain('Çevrimiçi');
    expect(await row.textContent()).toContain('Bekleniyor');
    await dashboard.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // From here the page gets no answer to GET /api/alerts/{id}: only the socket can move it.
    const heldReads: Route[] = [];
    await dashboard.route(`**/api/alerts/${alertId}`, (route) => void heldReads.push(route));
    holdAcks = false;
    const releasedAt = Date.now();
    for (const { server, message } of heldAcks.splice(0)) server.send(message);
    await progress.getByText('1 / 1 ekran onayladı', { exact: true }).waitFor({ timeout: FALLBACK_MS / 4 });
    const elapsed = Date.now() - releasedAt;
    expect(elapsed).toBeLessThan(FALLBACK_MS / 4);
    expect(await row.textContent()).toContain('Onayladı');
    expect(await active.textContent()).toContain('1 / 1 ekran onayladı');
    expect(await dashboard.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The reads answered again: the server's latency joins the progress line.
    await dashboard.unroute(`**/api/alerts/${alertId}`);
    for (const route of heldReads) await route.continue().catch(() => undefined);
    await dashboard.waitForFunction(() => /^1 \/ 1 ekran onayladı · \d+,\d sn$/.test(
      document.querySelector('[data-testid=alert-progress]')?.textContent ?? ''), undefined, { timeout: 5000 });
    await snap(dashboard, FLOW, '02-alerts-confirmed');
  });

  it("'Bitir' on the dashboard ends it and the player is back on its playlist", async () => {
    const active = dashboard.getByTestId('alert-active').filter({ hasText: TITLE });
    await active.getByRole('button', { name: `Bitir: ${TITLE}` }).click();
    await dashboard.getByRole('alertdialog').getByRole('button', { name: 'Bitir' }).click();
    await player.getByTestId('alert-overlay').waitFor({ state: 'detached', timeout: 5000 });
    await waitForVisible(player, image.filePath, 5000);
    await dashboard.getByTestId('alert-history').filter({ hasText: TITLE }).waitFor();
    expect(await dashboard.getByTestId('alert-active').count()).toBe(0);
    await snap(player, FLOW, '03-player-back');
    expect(playerErrors).toEqual([]);
  });

  it('an alert sent and ended elsewhere (a fire panel, another tab) appears and leaves the open page without reload', async () => {
    await dashboard.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    const title = 'Yangın alarmı — B blok';
    const sent = await call<{ _id: string }>(c.baseUrl, c.token, '/api/alerts', { method: 'POST', body: { title, message: 'Binayı terk edin.', screens: [screenId] } });
    // Without alert:changed the list was read again only on the next visit.
    const active = dashboard.getByTestId('alert-active').filter({ hasText: title });
    await active.waitFor({ timeout: 3000 });
    await call(c.baseUrl, c.token, `/api/alerts/${sent._id}`, { method: 'DELETE' });
    await active.waitFor({ state: 'detached', timeout: 3000 });
    await dashboard.getByTestId('alert-history').filter({ hasText: title }).waitFor({ timeout: 3000 });
    expect(await dashboard.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await player.getByTestId('alert-overlay').waitFor({ state: 'detached', timeout: 5000 });
  });

  it('a long alert (100-character title, 1000-character text) is set smaller until all of it is on the screen', async () => {
    const title = 'Yangın alarmı: B blok zemin kat, 1. kat ve 2. kat tahliye ediliyor — lütfen sakin olun ve yürüyün'.slice(0, 100);
    const sentence = 'Görevlilerin yönlendirmelerine uyun, asansörleri kullanmayın, en yakın acil çıkıştan binayı terk edin. ';
    const long = sentence.repeat(20).slice(0, 1000);
    const message = long.slice(0, long.lastIndexOf('.') + 1);
    const sent = await call<{ _id: string }>(c.baseUrl, c.token, '/api/alerts', { method: 'POST', body: { title, message, screens: [screenId] } });
    const overlay = player.getByTestId('alert-overlay');
    await overlay.waitFor();
    for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 740 }]) {
      await player.setViewportSize(viewport);
      await player.waitForFunction(() => {
        const el = document.querySelector<HTMLElement>('[data-testid=alert-overlay]');
        return el !== null && el.clientWidth === window.innerWidth;
      });
      const fit = await player.evaluate(() => {
        const el = document.querySelector<HTMLElement>('[data-testid=alert-overlay]')!;
        const text = el.querySelector('p')!.getBoundingClientRect();
        const heading = el.querySelector('h1')!.getBoundingClientRect();
        return { overflow: el.scrollHeight - el.clientHeight, top: heading.top, bottom: text.bottom, height: el.clientHeight,
          messagePx: parseFloat(getComputedStyle(el.querySelector('p')!).fontSize) };
      });
      expect(fit.overflow).toBeLessThanOrEqual(1);
      expect(fit.top).toBeGreaterThanOrEqual(0);
      expect(fit.bottom).toBeLessThanOrEqual(fit.height);
      // Still readable, not shrunk to nothing.
      expect(fit.messagePx).toBeGreaterThanOrEqual(12);
    }
    await player.setViewportSize({ width: 1280, height: 800 });
    await snap(player, FLOW, '04-player-long-alert');
    await call(c.baseUrl, c.token, `/api/alerts/${sent._id}`, { method: 'DELETE' });
    await overlay.waitFor({ state: 'detached', timeout: 5000 });
    expect(playerErrors).toEqual([]);
  });

  it('a screen whose player goes away shows offline on the open detail, without a read', async () => {
    const row = dashboard.getByTestId('alert-detail').getByRole('listitem');
    expect(await row.textContent()).toContain('Çevrimiçi');
    const heldReads: Route[] = [];
    await dashboard.route(`**/api/alerts/${alertId}`, (route) => void heldReads.push(route));
    await player.goto('about:blank');
    await row.getByText('Çevrimdışı').waitFor({ timeout: 5000 });
    expect(heldReads).toEqual([]);
    await dashboard.unroute(`**/api/alerts/${alertId}`);
  });

  it("an admin's menu has no 'Acil Duyuru', and /alerts tells an admin it is for customers", async () => {
    const email = uniqueEmail('yonetici');
    await apiRegisterAdmin(e2e.server.url, email);
    const { page, errors } = await e2e.newPage();
    await signInWithToken(page, await apiLogin(e2e.server.url, email), '/alerts');
    await page.getByRole('heading', { name: 'Acil Duyuru', level: 1 }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Bu sayfayı sadece müşteriler kullanabilir');
    expect(await page.getByRole('region', { name: 'Duyuru Gönder' }).count()).toBe(0);
    const menu = page.getByRole('navigation', { name: 'Ana menü' });
    await menu.getByRole('link', { name: 'Medya' }).waitFor({ state: 'attached' });
    expect(await menu.getByRole('link', { name: 'Acil Duyuru' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
