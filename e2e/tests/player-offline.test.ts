import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser, newContext, waitBudgetMs } from '../support/browser';
import { recordWebm } from '../support/media-files';
import { artifactsDir } from '../support/paths';
import { startServer, type RunningServer } from '../support/server';
import {
  assign, createPlaylist, createScreen, customerWithPackage, openAsPairedDevice, pairToScreen, uploadPng, uploadWebm,
  visibleMedia, waitForVisible, type Customer, type UploadedMedia,
} from './player-fixtures';

const shot = (name: string) => path.join(artifactsDir, 'player-offline', name);

/**
 * The player with the server gone: it keeps playing cached media (also after a reload
 * with no server), and after the same server comes back (same port, same DATA_DIR) it
 * resyncs and shows a change it missed while it was cut off.
 */
describe('screen player offline and resync', () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-e2e-restart-'));
    server = await startServer({}, { dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  // One device through an outage, in order, each stage its own test.
  let c: Customer;
  let red: UploadedMedia;
  let blue: UploadedMedia;
  let green: UploadedMedia;
  let clip: UploadedMedia;
  let later: string;
  let screenId: string;
  let page: Page;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    c = await customerWithPackage(server.url);
    [red, blue, green] = await Promise.all([
      uploadPng(c, 'kirmizi', [220, 38, 38]), uploadPng(c, 'mavi', [37, 99, 235]), uploadPng(c, 'yesil', [22, 163, 74]),
    ]);
    context = await newContext(browser, server.url);
    page = await context.newPage();
    await page.goto('/player/'); // any page of ours, to record a clip in the browser
    clip = await uploadWebm(c, await recordWebm(page, 1500));
    const playlist = await createPlaylist(c, 'Lobi', [{ media: red, duration: 2 }, { media: clip, duration: 10 }, { media: blue, duration: 2 }]);
    later = await createPlaylist(c, 'Sonra', [{ media: green, duration: 2 }]);
    screenId = await createScreen(c, 'Giriş Ekranı');
    await assign(c, screenId, playlist);
  });

  it('plays with the service worker caching the media, which answers Range requests', async () => {

    // Paired through the API, remembered the way the pairing view stores it.
    const paired = await pairToScreen(server.url, c, screenId);

    page.on('pageerror', (e) => pageErrors.push(e.message));
    await openAsPairedDevice(page, { deviceToken: paired.deviceToken, screenId });
    await waitForVisible(page, red.filePath);

    // The service worker controls the page and both files sit in the media cache (polled from
    // here: waitForFunction does not await an async predicate).
    await expect.poll(() => page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return false;
      const keys = await (await caches.open('pano-media-v1')).keys();
      return keys.length === 3;
    }), { timeout: Math.max(20_000, waitBudgetMs()), interval: 250 }).toBe(true);
    // A cached file answers Range requests with 206 slices (and 416 past its end).
    const ranges = await page.evaluate(async (p) => {
      const ask = async (range: string) => {
        const res = await fetch(p, { headers: { Range: range } });
        return { status: res.status, length: (await res.arrayBuffer()).byteLength, contentRange: res.headers.get('Content-Range') };
      };
      const full = (await (await fetch(p)).arrayBuffer()).byteLength;
      return { full, first: await ask('bytes=0-7'), suffix: await ask('bytes=-4'), open: await ask('bytes=10-'), past: await ask('bytes=99999999-') };
    }, red.filePath);
    const size = ranges.full;
    expect(ranges.first).toEqual({ status: 206, length: 8, contentRange: `bytes 0-7/${size}` });
    expect(ranges.suffix).toEqual({ status: 206, length: 4, contentRange: `bytes ${size - 4}-${size - 1}/${size}` });
    expect(ranges.open).toEqual({ status: 206, length: size - 10, contentRange: `bytes 10-${size - 1}/${size}` });
    expect(ranges.past).toMatchObject({ status: 416, contentRange: `bytes */${size}` });
  });

  it('a page the worker does not control (a hard reload) is taken over without another reload', async () => {
    // A hard reload bypasses the worker, so the page starts uncontrolled, as one that loaded
    // while the worker was still activating does; a kiosk may then run for weeks.
    const cdp = await context!.newCDPSession(page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await waitForVisible(page, red.filePath);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: waitBudgetMs(), interval: 100 }).toBe(true);
    await cdp.detach();
  });

  it('keeps playing the loop from the cache with the server down', async () => {
    // Server down: the loop goes on from the cache.
    await server.stop();
    await page.getByTestId('offline-dot').waitFor({ timeout: waitBudgetMs() });
    await waitForVisible(page, blue.filePath, 15_000);
    await waitForVisible(page, red.filePath, 6000);
  });

  it('a reboot without the server plays from the device, the video too', async () => {
    // A reboot without the server: shell, config and media all come from the device.
    await page.reload();
    await waitForVisible(page, red.filePath, 10_000);
    // The video plays from the cache (the worker answers its Range requests) and ends on its own.
    await waitForVisible(page, clip.filePath, 6000);
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid=player-video]');
      return v !== null && v.currentTime > 0.3;
    }, undefined, { timeout: 6000, polling: 100 });
    await waitForVisible(page, blue.filePath, 6000);
    await page.screenshot({ path: shot('01-offline-after-reload.png') });
  });

  it('cut off from the network, it keeps the old loop while the server returns and a change is made', async () => {
    // The same server comes back while this device is cut off; a change is made meanwhile.
    await context!.setOffline(true);
    server = await startServer({}, { dataDir, port: server.port });
    await assign(c, screenId, later);
    // Cut off, the device cannot have heard of it: its loop moves on to its next item, an old one.
    const oneShown = (other: string | null) => vi.waitFor(async () => {
      const shown = await visibleMedia(page); // none or two while items cross-fade
      expect(shown).toHaveLength(1);
      expect(shown[0]).not.toBe(other);
      return shown[0]!;
    }, { timeout: waitBudgetMs(), interval: 100 });
    const next = await oneShown(await oneShown(null));
    expect([red.filePath, clip.filePath, blue.filePath]).toContain(next);
  });

  it('resyncs the change it missed once the network is back', async () => {
    await context!.setOffline(false);
    // Reconnect (with backoff) → re-fetch the config → the missed change shows.
    await waitForVisible(page, green.filePath, 40_000);
    await page.waitForFunction(() => !document.querySelector('[data-testid=offline-dot]'), undefined, { timeout: waitBudgetMs() });
    await page.screenshot({ path: shot('02-resynced.png') });
    expect(pageErrors).toEqual([]);
  });
});
