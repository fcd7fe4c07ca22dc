import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/harness';
import { artifactsDir } from '../support/paths';
import { call, createPlaylist, createScreen, customerWithPackage, openAsPairedDevice, pairToScreen, uploadPng, visibleMedia, waitForVisible } from './player-fixtures';

const e2e = useE2E();
const shot = (name: string) => path.join(artifactsDir, 'player-schedule', name);
const ZONE = 'Europe/Istanbul'; // a screen's time zone when none is set

/** 'HH:MM' of an instant on the wall clock of `zone`. */
function wallClock(instant: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('hour')}:${part('minute')}`;
}

type Seen = { at: number; playlist: string; visible: string[] };

/**
 * What the screen showed and when, by the page's own clock: every change of the resolved
 * playlist or of the visible media, recorded the moment the DOM changed.
 */
const recordSwitches = () => {
  const log: Seen[] = [];
  (window as unknown as { __seen: Seen[] }).__seen = log;
  const read = () => {
    const player = document.querySelector<HTMLElement>('[data-testid=player]');
    if (!player) return;
    const visible = Array.from(document.querySelectorAll<HTMLElement>('[data-testid=player-image],[data-testid=player-video]'))
      .filter((el) => el.style.opacity === '1')
      .map((el) => new URL(el.getAttribute('src') ?? '', location.href).pathname);
    const last = log[log.length - 1];
    const playlist = player.dataset.playlist ?? '';
    if (!last || last.playlist !== playlist || last.visible.join() !== visible.join()) log.push({ at: Date.now(), playlist, visible });
  };
  new MutationObserver(read).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'data-playlist', 'src'] });
};

/**
 * A schedule window about a minute ahead, a player cut from the network before it starts:
 * the player switches on its own, within a second of the boundary, to a playlist whose
 * media it has never shown (only cached), and back to its own playlist at the window's end.
 * The page runs on Playwright's clock (at natural speed, jumped forward to 2 s before each
 * edge), so the test does not wait a real minute; the player's timers are the page's own.
 */
describe('screen player follows its schedule offline', () => {
  it('switches at the boundary to never-shown media with the network cut, and back at the end', async () => {
    const c = await customerWithPackage(e2e.server.url);
    const red = await uploadPng(c, 'kendi', [220, 38, 38]);
    const green = await uploadPng(c, 'ogle-menusu', [22, 163, 74]);
    const own = await createPlaylist(c, 'Kendi', [{ media: red, duration: 2 }]);
    const lunch = await createPlaylist(c, 'Öğle Menüsü', [{ media: green, duration: 2 }]);
    const screenId = await createScreen(c, 'Kafeterya');
    await call(c.baseUrl, c.token, `/api/screens/${screenId}`, { method: 'PUT', body: { currentPlaylist: own } });

    // The window opens at the whole minute after next (in the screen's zone) and lasts one minute.
    const start = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    const end = start + 60_000;
    await call(c.baseUrl, c.token, '/api/schedules', {
      method: 'POST',
      body: {
        name: 'Öğle', playlist: lunch, screens: [screenId], groups: [], days: [1, 2, 3, 4, 5, 6, 7],
        startTime: wallClock(start, ZONE), endTime: wallClock(end, ZONE), priority: 5, enabled: true,
      },
    });

    const paired = await pairToScreen(e2e.server.url, c, screenId);

    const { page, context, errors } = await e2e.newPage();
    await page.clock.install({ time: start - 60_000 });
    await page.addInitScript(recordSwitches);
    await openAsPairedDevice(page, { deviceToken: paired.deviceToken, screenId });
    await waitForVisible(page, red.filePath);

    // The scheduled media is in the device's cache before the window, though never shown, and
    // the service worker controls the page. Polled from here: waitForFunction does not await an
    // async predicate (its promise is truthy at once), so it waited for nothing.
    await expect.poll(() => page.evaluate(async (p) => {
      if (!navigator.serviceWorker.controller) return false;
      const keys = await (await caches.open('pano-media-v1')).keys();
      return keys.some((k) => new URL(k.url).pathname === p);
    }, green.filePath), { timeout: 20_000, interval: 250 }).toBe(true);
    await context.setOffline(true);

    const seen = () => page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
    expect((await seen()).some((s) => s.visible.includes(green.filePath))).toBe(false);
    expect(await page.evaluate(() => Date.now())).toBeLessThan(start - 2000);

    await page.clock.pauseAt(start - 2000);
    await page.clock.resume();
    await waitForVisible(page, green.filePath, 10_000).catch(async (err: unknown) => {
      // What the screen showed, and the player's own state, for the next reader of a failure.
      const state = await page.evaluate(() => ({
        now: Date.now(), playlist: document.querySelector<HTMLElement>('[data-testid=player]')?.dataset.playlist ?? null,
        layers: Array.from(document.querySelectorAll<HTMLElement>('[data-testid=player-image]')).map((el) => `${el.getAttribute('src')} ${el.style.opacity}`),
      }));
      throw new Error(`${String(err)}\nstart ${start}; page ${JSON.stringify(state)}; seen ${JSON.stringify(await seen())}; errors ${JSON.stringify(errors)}`);
    });
    await page.screenshot({ path: shot('01-scheduled-offline.png') });
    const opened = (await seen()).find((s) => s.visible.includes(green.filePath))!;
    expect(opened.playlist).toBe(lunch);
    expect(opened.at - start).toBeGreaterThanOrEqual(0);
    expect(opened.at - start).toBeLessThan(1000);

    await page.clock.pauseAt(end - 2000);
    await page.clock.resume();
    await waitForVisible(page, red.filePath, 10_000);
    await page.screenshot({ path: shot('02-own-again.png') });
    const closed = (await seen()).find((s) => s.at >= opened.at && s.visible.includes(red.filePath))!;
    expect(closed.playlist).toBe(own);
    expect(closed.at - end).toBeGreaterThanOrEqual(0);
    expect(closed.at - end).toBeLessThan(1000);
    expect(await visibleMedia(page)).toEqual([red.filePath]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
