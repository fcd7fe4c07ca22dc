import path from 'node:path';
import type { TPlaysReport } from '@pano/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithToken } from '../support/accounts';
import { launchBrowser, newContext, waitBudgetMs } from '../support/browser';
import { artifactsDir } from '../support/paths';
import { startServer, type RunningServer } from '../support/server';
import {
  assign, call, createPlaylist, createScreen, customerWithPackage, openAsPairedDevice, pairToScreen, uploadPng,
  waitForVisible, type Customer, type UploadedMedia,
} from './player-fixtures';

const shot = (name: string) => path.join(artifactsDir, 'player-plays', name);

/**
 * Proof of play through an outage (docs/architecture/plays.md#play-records): a paired player plays
 * 1-second images, loses the network, plays on, gets it back, and the report ('Raporlar')
 * counts every play the page showed exactly once, per media too.
 *
 * The page's own view of its plays is watched by a script of the test (not the player's
 * code): every image element that became visible with its pixels loaded and decoded is one play.
 */
describe('play records from a player that goes offline', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let c: Customer;
  let media: UploadedMedia[];
  let screenId: string;
  let playlist: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    c = await customerWithPackage(server.url);
    media = await Promise.all([
      uploadPng(c, 'kirmizi', [220, 38, 38]), uploadPng(c, 'mavi', [37, 99, 235]), uploadPng(c, 'yesil', [22, 163, 74]),
    ]);
    playlist = await createPlaylist(c, 'Reklamlar', media.map((m) => ({ media: m, duration: 1 })));
    screenId = await createScreen(c, 'AVM Girişi');
    await assign(c, screenId, playlist);
    context = await newContext(browser, server.url);
    await context.addInitScript(() => {
      const w = window as unknown as { __seen: string[] };
      w.__seen = [];
      const counted = new WeakSet<Element>();
      setInterval(() => {
        for (const img of Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid=player-image]'))) {
          if (counted.has(img) || img.style.opacity !== '1' || !img.complete || img.naturalWidth === 0) continue;
          counted.add(img);
          // The player counts an image once its pixels are decoded (docs/architecture/plays.md#play-records):
          // one taken off the page before that (the playlist removed at that instant) was never a play.
          const path = new URL(img.src).pathname;
          void img.decode().then(() => { if (img.isConnected) w.__seen.push(path); }, () => undefined);
        }
      }, 30);
    });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  const seen = () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.slice());
  const report = () => call<TPlaysReport>(server.url, c.token, `/api/reports/plays?screen=${screenId}&by=media`);
  /** Records still waiting on the device (its IndexedDB outbox). */
  const waiting = () => page.evaluate(() => new Promise<number>((resolve, reject) => {
    const open = indexedDB.open('pano-plays');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('plays')) return resolve(0);
      const count = db.transaction('plays').objectStore('plays').count();
      count.onsuccess = () => { resolve(count.result); db.close(); };
      count.onerror = () => reject(count.error);
    };
  }));

  it('a paired player records and uploads the items it shows', async () => {
    const paired = await pairToScreen(server.url, c, screenId);
    await openAsPairedDevice(page, { deviceToken: paired.deviceToken, screenId });
    await waitForVisible(page, media[0]!.filePath);
    // The media are cached for offline playback (the service worker serves them) …
    // (Polled from here: waitForFunction does not await an async predicate.)
    await expect.poll(() => page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return false;
      return (await (await caches.open('pano-media-v1')).keys()).length === 3;
    }), { timeout: waitBudgetMs(), interval: 200 }).toBe(true);
    // … and the first plays have reached the server (every few plays, one batch).
    await expect.poll(async () => (await report()).total.plays, { timeout: waitBudgetMs(), interval: 150, message: 'the first batch in the report' }).toBeGreaterThanOrEqual(5);
    expect((await report()).total.plays).toBeLessThanOrEqual((await seen()).length);
  });

  let seenOffline = 0;
  let reportedOffline = 0;
  it('without network it plays on and keeps its records on the device', async () => {
    await context!.setOffline(true);
    seenOffline = (await seen()).length;
    reportedOffline = (await report()).total.plays;
    await expect.poll(async () => (await seen()).length, { timeout: waitBudgetMs(), interval: 150, message: 'five more plays offline' }).toBeGreaterThanOrEqual(seenOffline + 5);
    await page.screenshot({ path: shot('01-offline.png') });
    // Nothing offline reached the server; the device holds what it played.
    expect((await report()).total.plays).toBe(reportedOffline);
    expect(await waiting()).toBeGreaterThanOrEqual(4);
  });

  it('back online, the report counts every play the page showed exactly once', async () => {
    await context!.setOffline(false);
    // Stop the loop so the count holds still: the screen's playlist is taken away; the item
    // on screen is cut, and a cut is sent at once.
    await call(server.url, c.token, `/api/screens/${screenId}`, { method: 'PUT', body: { currentPlaylist: null } });
    await page.getByText('Bu ekrana atanmış medya bulunamadı').waitFor({ timeout: waitBudgetMs() });
    const shown = await seen();
    expect(shown.length).toBeGreaterThan(seenOffline);
    // Polled as one object, so a failure shows what was still waiting and what had arrived.
    await expect.poll(async () => ({ waiting: await waiting(), reported: (await report()).total.plays }), { timeout: waitBudgetMs(), interval: 150, message: 'every play in the report' })
      .toEqual({ waiting: 0, reported: shown.length });

    const r = await report();
    expect(r.total.plays).toBe(shown.length);
    const perMedia = Object.fromEntries(media.map((m) => [m._id, shown.filter((p) => p === m.filePath).length]));
    expect(Object.fromEntries(r.rows.map((row) => [row.key, row.plays]))).toEqual(
      Object.fromEntries(Object.entries(perMedia).filter(([, n]) => n > 0)),
    );
    // About a second each (the last one was cut when the playlist went away).
    expect(r.total.seconds).toBeGreaterThan((shown.length - 1) * 0.9);
    expect(r.total.seconds).toBeLessThan(shown.length * 1.6);
    await page.screenshot({ path: shot('02-back-online.png') });
    expect(pageErrors).toEqual([]);
  });

  it("the dashboard's preview of the same screen records nothing", async () => {
    await assign(c, screenId, playlist);
    const dashboard = await newContext(browser, server.url);
    try {
      const preview = await dashboard.newPage();
      const uploads: string[] = [];
      preview.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/devices/plays') uploads.push(req.method());
      });
      await signInWithToken(preview, c.token, `/preview/${screenId}`);
      for (const m of [...media, media[0]!]) await waitForVisible(preview, m.filePath, 5000);
      expect(uploads).toEqual([]);
      // No play store was even opened in the dashboard's browser.
      expect((await preview.evaluate(() => indexedDB.databases())).map((d) => d.name)).not.toContain('pano-plays');
    } finally {
      await dashboard.close();
    }
  });
});
