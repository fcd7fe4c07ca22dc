import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/harness';
import { artifactsDir } from '../support/paths';
import { call, createPlaylist, createScreen, customerWithPackage, openAsPairedDevice, pairToScreen, uploadPng, visibleMedia, waitForVisible } from './player-fixtures';

const e2e = useE2E();
const shot = (name: string) => path.join(artifactsDir, 'player-scheduled-layout', name);
const ZONE = 'Europe/Istanbul'; // a screen's time zone when none is set

/** 'HH:MM' of an instant on the wall clock of `zone`. */
function wallClock(instant: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('hour')}:${part('minute')}`;
}

/**
 * docs/architecture/scheduling.md#layouts-in-schedules: an entry naming a layout. The device,
 * cut from the network before the window, draws the layout at the boundary with the media of
 * its zones, which it has only cached, and its own playlist again at the end. Playwright's
 * clock as in player-schedule.test.ts.
 */
describe('screen player follows a scheduled layout offline', () => {
  it('switches at the boundary to the layout with never-shown media in its zones, and back at the end', async () => {
    const c = await customerWithPackage(e2e.server.url);
    const red = await uploadPng(c, 'kendi', [220, 38, 38]);
    const green = await uploadPng(c, 'sol-bolge', [22, 163, 74]);
    const own = await createPlaylist(c, 'Kendi', [{ media: red, duration: 2 }]);
    const left = await createPlaylist(c, 'Sol', [{ media: green, duration: 2 }]);
    const layout = await call<{ _id: string }>(c.baseUrl, c.token, '/api/layouts', {
      method: 'POST',
      body: {
        name: 'Öğle Panosu', orientation: 'landscape', background: '#000000',
        zones: [
          { name: 'Sol', x: 0, y: 0, width: 50, height: 100, z: 0, playlist: left, fit: 'cover' },
          // The package allows two playlists: the right zone plays the screen's own.
          { name: 'Sağ', x: 50, y: 0, width: 50, height: 100, z: 0, playlist: own, fit: 'cover' },
        ],
      },
    });
    const screenId = await createScreen(c, 'Kafeterya');
    await call(c.baseUrl, c.token, `/api/screens/${screenId}`, { method: 'PUT', body: { currentPlaylist: own } });

    const start = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    const end = start + 60_000;
    await call(c.baseUrl, c.token, '/api/schedules', {
      method: 'POST',
      body: {
        name: 'Öğle', layout: layout._id, screens: [screenId], groups: [], days: [1, 2, 3, 4, 5, 6, 7],
        startTime: wallClock(start, ZONE), endTime: wallClock(end, ZONE), priority: 5, enabled: true,
      },
    });

    const paired = await pairToScreen(e2e.server.url, c, screenId);

    const { page, context, errors } = await e2e.newPage();
    await page.clock.install({ time: start - 60_000 });
    await openAsPairedDevice(page, { deviceToken: paired.deviceToken, screenId });
    await waitForVisible(page, red.filePath);

    // The left zone's media is cached before the window, though never shown.
    await expect.poll(() => page.evaluate(async (p) => {
      if (!navigator.serviceWorker.controller) return false;
      const keys = (await (await caches.open('pano-media-v1')).keys()).map((k) => new URL(k.url).pathname);
      return keys.includes(p);
    }, green.filePath), { timeout: 20_000, interval: 250 }).toBe(true);
    await context.setOffline(true);
    expect(await page.locator('[data-testid=layout]').count()).toBe(0);

    await page.clock.pauseAt(start - 2000);
    await page.clock.resume();
    await waitForVisible(page, green.filePath, 10_000);
    expect(await page.locator('[data-testid=layout]').getAttribute('data-layout')).toBe(layout._id);
    const zoneShows = (zone: string) => page.locator(`[data-testid=zone][data-zone="${zone}"] [data-testid=player-image]`).first().getAttribute('src');
    expect(new URL((await zoneShows('Sol'))!, 'http://x').pathname).toBe(green.filePath);
    expect(new URL((await zoneShows('Sağ'))!, 'http://x').pathname).toBe(red.filePath);
    await page.screenshot({ path: shot('01-scheduled-layout-offline.png') });

    await page.clock.pauseAt(end - 2000);
    await page.clock.resume();
    // Red shows in the right zone already: the end is the layout leaving, then red full screen.
    await page.locator('[data-testid=layout]').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.evaluate(() => Date.now())).toBeGreaterThanOrEqual(end);
    await waitForVisible(page, red.filePath, 10_000);
    expect(await visibleMedia(page)).toEqual([red.filePath]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
