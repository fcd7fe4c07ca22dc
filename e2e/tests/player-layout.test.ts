import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, apiRegister, signInWithToken, uniqueEmail } from '../support/accounts';
import { waitBudgetMs } from '../support/browser';
import { useE2E } from '../support/harness';
import { recordWebm } from '../support/media-files';
import { artifactsDir } from '../support/paths';
import { decodePng, gridIn, rgbAt, type Picture, type Rect } from '../support/pixels';
import { buyPackage } from './dashboard-support';
import { call, createPlaylist, createScreen, pairToScreen, uploadPng, uploadWebm, type Customer, type UploadedMedia } from './player-fixtures';

const e2e = useE2E();
const shot = (name: string) => path.join(artifactsDir, 'player-layout', name);

const VIEWPORT = { width: 1280, height: 720 };
const TIME_ZONE = 'Asia/Tokyo'; // the screen's, six hours off the browser's Europe/Istanbul
const BACKGROUND = '#ff00ff'; // a layout background no content of this test has

type Zone = { name: string; x: number; y: number; width: number; height: number; z: number; playlist: string; fit: 'cover' };
const VIDEO = 'Video';
const IMAGES = 'Görseller';
const CLOCK = 'Saat';

type Colour = 'green' | 'red' | 'blue' | 'yellow' | 'background' | 'other';

/**
 * What a pixel shows: the video's green, the images' red, blue or yellow (the PNGs are a gradient
 * from half to full strength of their colour), or the layout's magenta background.
 */
function colourOf([r, g, b]: [number, number, number]): Colour {
  if (r > 200 && b > 200 && g < 70) return 'background';
  if (g > 110 && r < 90 && b < 130) return 'green';
  if (r > 90 && g < 0.4 * r && b < 0.4 * r) return 'red';
  if (r > 90 && g > 0.6 * r && b < 0.3 * r) return 'yellow';
  if (b > 100 && r < 80 && g < 0.6 * b) return 'blue';
  return 'other';
}

/** The colours seen on a grid inside `rect` (CSS pixels of the page). */
const coloursIn = (p: Picture, rect: Rect): Colour[] => [...new Set(gridIn(rect).map(([x, y]) => colourOf(rgbAt(p, x, y, VIEWPORT.width))))];

/** A zone's rectangle in CSS pixels of a player drawn in `frame`. */
const rectOf = (zone: Pick<Zone, 'x' | 'y' | 'width' | 'height'>, frame: Rect): Rect => ({
  x: frame.x + (frame.width * zone.x) / 100, y: frame.y + (frame.height * zone.y) / 100,
  width: (frame.width * zone.width) / 100, height: (frame.height * zone.height) / 100,
});

async function expectBox(page: Page, zone: string, want: Rect) {
  const box = (await page.locator(`[data-testid=zone][data-zone="${zone}"]`).boundingBox())!;
  for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(box[k] - want[k]), `${zone}.${k}: ${box[k]} vs ${want[k]}`).toBeLessThanOrEqual(1);
}

async function screenshot(page: Page, name?: string): Promise<Picture> {
  // The whole page: the preview's frame (775 px high) reaches below a 720 px window.
  const png = await page.screenshot({ fullPage: true, ...(name ? { path: shot(name) } : {}) });
  return decodePng(png);
}

/** 'HH:MM' and the Turkish long date of an instant in `zone`. */
const wallClock = (at: number, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
const longDate = (at: number, zone: string) =>
  new Intl.DateTimeFormat('tr-TR', { timeZone: zone, day: 'numeric', month: 'long', year: 'numeric', weekday: 'long' }).format(at);

/** The clock zone shows the time and date of the screen's zone, drawn inside its rectangle. */
async function expectClock(page: Page, rect: Rect) {
  const clock = page.locator(`[data-zone="${CLOCK}"] [data-testid=clock-time]`);
  await clock.waitFor();
  const before = Date.now();
  const text = await clock.textContent();
  expect([wallClock(before - 1000, TIME_ZONE), wallClock(Date.now(), TIME_ZONE)]).toContain(text);
  const date = await page.locator(`[data-zone="${CLOCK}"] [data-testid=clock-date]`).textContent();
  expect([longDate(before - 1000, TIME_ZONE), longDate(Date.now(), TIME_ZONE)]).toContain(date);
  const box = (await clock.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(rect.x);
  expect(box.y).toBeGreaterThanOrEqual(rect.y);
  expect(box.x + box.width).toBeLessThanOrEqual(rect.x + rect.width);
  expect(box.y + box.height).toBeLessThanOrEqual(rect.y + rect.height);
}

/** The image zone's visible picture now, by its file path (none while nothing is decoded). */
const visibleIn = (page: Page, zone: string) => page.evaluate((name) =>
  Array.from(document.querySelectorAll<HTMLImageElement>(`[data-zone="${name}"] [data-testid=player-image]`))
    .filter((el) => el.style.opacity === '1' && el.complete && el.naturalWidth > 0)
    .map((el) => new URL(el.src).pathname), zone);

/** Screenshots until `want` holds for the colours of every zone (a timeout says what was seen). */
async function waitForPicture(page: Page, rects: Record<string, Rect>, want: (seen: Record<string, Colour[]>) => boolean, timeout = waitBudgetMs()) {
  let seen: Record<string, Colour[]> = {};
  await expect.poll(async () => {
    const p = await screenshot(page);
    seen = Object.fromEntries(Object.entries(rects).map(([name, r]) => [name, coloursIn(p, r)]));
    // What the zones showed is the value a timeout reports.
    return want(seen) || `zones showed ${JSON.stringify(seen)}`;
  }, { timeout, interval: 50 }).toBe(true);
  return seen;
}

/**
 * A device showing a 3-zone layout (issue #23): a video, two images in turn and a clock, each in
 * its rectangle (pixels of screenshots and the zones' boxes), no background between two images,
 * on offline (a reload too), following a layout change live, and the dashboard's preview
 * drawing the same zones (docs/architecture/player.md#layouts). One device, in order, each stage
 * its own test.
 */
describe('a device showing a layout', () => {
  let c: Customer;
  let red: UploadedMedia;
  let blue: UploadedMedia;
  let yellow: UploadedMedia;
  let clip: UploadedMedia;
  let screenId: string;
  let layoutId: string;
  let zones: Zone[];
  let yellowPlaylist: string;
  let page: Page;
  let context: BrowserContext;
  let errors: string[];
  const frame: Rect = { x: 0, y: 0, ...VIEWPORT };
  const rects = () => Object.fromEntries(zones.map((z) => [z.name, rectOf(z, frame)]));

  beforeAll(async () => {
    await mkdir(path.join(artifactsDir, 'player-layout'), { recursive: true });
    // Five playlists: more than the free trial's two.
    const email = uniqueEmail('yerlesim');
    await apiRegister(e2e.server.url, email);
    const token = await apiLogin(e2e.server.url, email);
    await buyPackage(e2e.server.url, token, 'Profesyonel');
    const { user } = await call<{ user: { _id: string } }>(e2e.server.url, token, '/api/auth/verify');
    const { mobileCode } = await call<{ mobileCode: string }>(e2e.server.url, token, `/api/purchase/my-package/${user._id}`);
    c = { baseUrl: e2e.server.url, token, userId: user._id, mobileCode };
    ({ page, context, errors } = await e2e.newPage(VIEWPORT));
    await page.goto('/player/'); // any page of ours, to record a clip in the browser
    const webm = await recordWebm(page, 1500, [22, 163, 74]);
    [clip, red, blue, yellow] = await Promise.all([
      uploadWebm(c, webm, 'yesil-klip'), uploadPng(c, 'kirmizi', [220, 38, 38]), uploadPng(c, 'mavi', [37, 99, 235]),
      uploadPng(c, 'sari', [250, 204, 21]),
    ]);
    const clock = await call<{ _id: string; type: string }>(c.baseUrl, c.token, '/api/media/apps', {
      method: 'POST', body: { name: 'Saat', app: { kind: 'clock', style: 'digital', showDate: true, showSeconds: false } },
    });
    expect(clock.type).toBe('app');
    const [videos, images, clocks] = await Promise.all([
      createPlaylist(c, 'Videolar', [{ media: clip, duration: 10 }]),
      createPlaylist(c, 'Görseller', [{ media: red, duration: 1 }, { media: blue, duration: 1 }]),
      createPlaylist(c, 'Saatler', [{ media: { _id: clock._id, filePath: '' }, duration: 30 }]),
    ]);
    yellowPlaylist = await createPlaylist(c, 'Sarı', [{ media: yellow, duration: 5 }]);
    zones = [
      { name: VIDEO, x: 0, y: 0, width: 60, height: 100, z: 0, playlist: videos, fit: 'cover' },
      { name: IMAGES, x: 60, y: 0, width: 40, height: 60, z: 0, playlist: images, fit: 'cover' },
      { name: CLOCK, x: 60, y: 60, width: 40, height: 40, z: 0, playlist: clocks, fit: 'cover' },
    ];
    layoutId = (await call<{ _id: string }>(c.baseUrl, c.token, '/api/layouts', {
      method: 'POST', body: { name: 'Lobi Yerleşimi', orientation: 'landscape', background: BACKGROUND, zones },
    }))._id;
    screenId = await createScreen(c, 'Lobi Ekranı');
    await call(c.baseUrl, c.token, `/api/screens/${screenId}`, { method: 'PUT', body: { currentLayout: layoutId, timezone: TIME_ZONE } });

    // Paired through the API, remembered the way the pairing view stores it.
    const paired = await pairToScreen(e2e.server.url, c, screenId);
    await page.evaluate((creds) => localStorage.setItem('pano.device', JSON.stringify(creds)), { deviceToken: paired.deviceToken, screenId });
    await page.reload();
  });

  it('draws each zone in its rectangle: the video, the images in turn, the clock in the screen\'s time zone', async () => {
    await page.locator(`[data-testid=layout][data-layout="${layoutId}"]`).waitFor();
    expect(await page.getByTestId('player').boundingBox()).toEqual(frame);
    for (const z of zones) await expectBox(page, z.name, rectOf(z, frame));
    await expectClock(page, rects()[CLOCK]!);

    // Pixels: the video's green fills its zone, the image zone is red or blue, and the clock's
    // corners are the layout's background (an app draws on it); over time both images show.
    const seen = new Set<Colour>();
    const { [CLOCK]: clockRect, ...media } = rects();
    await waitForPicture(page, media, (s) => {
      if (s[VIDEO]!.join() !== 'green' || s[IMAGES]!.length !== 1) return false;
      seen.add(s[IMAGES]![0]!);
      return seen.has('red') && seen.has('blue');
    });
    expect([...seen].sort()).toEqual(['blue', 'red']);
    const p = await screenshot(page, '01-layout.png');
    const corners = [[0.05, 0.05], [0.95, 0.05], [0.05, 0.95], [0.95, 0.95]]
      .map(([fx, fy]) => colourOf(rgbAt(p, clockRect!.x + clockRect!.width * fx!, clockRect!.y + clockRect!.height * fy!, VIEWPORT.width)));
    expect(corners).toEqual(['background', 'background', 'background', 'background']);
    expect(coloursIn(p, media[VIDEO]!)).toEqual(['green']);
  });

  it('the image zone shows no background between items, checked every frame', async () => {
    // Two views of the same seconds: in the page, on every animation frame, the zone has a
    // visible decoded picture (what the DOM promises); and the frames the compositor hands to a
    // screencast, decoded here, never show the background inside the zone (what reached the
    // screen; a frame painted while the previous one is not yet acknowledged is not sent, so
    // this one sees about 25 frames a second and can miss a gap of one frame, which the first
    // view catches). Both start once the zone shows its first picture.
    await expect.poll(() => visibleIn(page, IMAGES), { timeout: waitBudgetMs() }).toHaveLength(1);
    await page.evaluate((name) => {
      const w = window as unknown as { __gaps: string[]; __changes: string[]; __stop: boolean };
      w.__gaps = [];
      w.__changes = [];
      w.__stop = false;
      const tick = () => {
        const shown = Array.from(document.querySelectorAll<HTMLImageElement>(`[data-zone="${name}"] [data-testid=player-image]`))
          .filter((el) => el.style.opacity === '1' && el.complete && el.naturalWidth > 0).map((el) => el.src);
        if (shown.length === 0) w.__gaps.push(`${performance.now()}`);
        const last = shown[shown.length - 1] ?? '';
        if (last && w.__changes[w.__changes.length - 1] !== last) w.__changes.push(last);
        if (!w.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }, IMAGES);
    const cdp: CDPSession = await context.newCDPSession(page);
    const frames: Buffer[] = [];
    cdp.on('Page.screencastFrame', ({ data, sessionId }: { data: string; sessionId: number }) => {
      frames.push(Buffer.from(data, 'base64'));
      void cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
    });
    await cdp.send('Page.startScreencast', { format: 'png', maxWidth: 640, maxHeight: 360, everyNthFrame: 1 });
    // Three pictures in turn: two changes of item, both watched from start to end.
    await page.waitForFunction(() => (window as unknown as { __changes: string[] }).__changes.length >= 4, undefined, { timeout: waitBudgetMs(), polling: 100 });
    await cdp.send('Page.stopScreencast');
    await cdp.detach();
    const watched = await page.evaluate(() => {
      const w = window as unknown as { __gaps: string[]; __changes: string[]; __stop: boolean };
      w.__stop = true;
      return { gaps: w.__gaps, changes: w.__changes };
    });
    expect(watched.gaps).toEqual([]);

    const rect = rects()[IMAGES]!;
    const shown: Colour[] = [];
    for (const f of frames) {
      const colours = coloursIn(await decodePng(f), rect);
      expect(colours, `a screencast frame of the image zone showed ${colours.join()}`).toHaveLength(1);
      expect(['red', 'blue']).toContain(colours[0]);
      if (shown[shown.length - 1] !== colours[0]) shown.push(colours[0]!);
    }
    // The screencast saw the changes it is meant to judge.
    expect(shown.length, `${frames.length} screencast frames`).toBeGreaterThanOrEqual(3);
  });

  it('goes on offline with every zone\'s files cached, and a reload offline draws the layout again', async () => {
    const files = [clip, red, blue].map((m) => m.filePath);
    await expect.poll(() => page.evaluate(async (want) => {
      if (!navigator.serviceWorker.controller) return false;
      const keys = (await (await caches.open('pano-media-v1')).keys()).map((k) => new URL(k.url).pathname);
      return want.every((f) => keys.includes(f));
    }, files), { timeout: waitBudgetMs(), interval: 250 }).toBe(true);

    await context.setOffline(true);
    const { [CLOCK]: clockRect, ...media } = rects();
    // The image zone changes picture with the network gone, the video goes on.
    const first = await waitForPicture(page, media, (s) => s[VIDEO]!.join() === 'green' && s[IMAGES]!.length === 1 && s[IMAGES]![0] !== 'other');
    await waitForPicture(page, media, (s) => s[VIDEO]!.join() === 'green' && s[IMAGES]!.join() === (first[IMAGES]![0] === 'red' ? 'blue' : 'red'));
    const playing = () => page.locator(`[data-zone="${VIDEO}"] [data-testid=player-video]`).last().evaluate((v: HTMLVideoElement) => v.currentTime);
    const at = await playing();
    await expect.poll(playing, { timeout: waitBudgetMs(), interval: 100 }).not.toBe(at);

    // A reboot without the network: shell, config, app code and files all come from the device.
    await page.reload();
    await page.getByTestId('offline-dot').waitFor();
    await page.locator(`[data-testid=layout][data-layout="${layoutId}"]`).waitFor();
    for (const z of zones) await expectBox(page, z.name, rectOf(z, frame));
    await expectClock(page, clockRect!);
    const seen = new Set<Colour>();
    await waitForPicture(page, media, (s) => {
      if (s[VIDEO]!.join() !== 'green' || s[IMAGES]!.length !== 1) return false;
      seen.add(s[IMAGES]![0]!);
      return seen.has('red') && seen.has('blue');
    });
    await screenshot(page, '02-offline-after-reload.png');
  });

  it('follows a layout change live once back online: a zone moved, another given a new playlist', async () => {
    await context.setOffline(false);
    await page.getByTestId('offline-dot').waitFor({ state: 'detached', timeout: waitBudgetMs() });
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    const oldClock = rects()[CLOCK]!;
    zones = [
      zones[0]!,
      { ...zones[1]!, playlist: yellowPlaylist },
      { ...zones[2]!, x: 0, y: 70, width: 30, height: 30, z: 1 },
    ];
    await call(c.baseUrl, c.token, `/api/layouts/${layoutId}`, { method: 'PUT', body: { zones } });

    const now = rects();
    await expect.poll(async () => (await page.locator(`[data-zone="${CLOCK}"]`).boundingBox())?.y, { timeout: waitBudgetMs() }).toBeCloseTo(now[CLOCK]!.y, 0);
    for (const z of zones) await expectBox(page, z.name, rectOf(z, frame));
    await expectClock(page, now[CLOCK]!);
    await waitForPicture(page, { [IMAGES]: now[IMAGES]!, old: oldClock }, (s) => s[IMAGES]!.join() === 'yellow' && s.old!.join() === 'background');
    expect(await visibleIn(page, IMAGES)).toEqual([yellow.filePath]);
    // The video zone, under the clock now, still fills the rest of its rectangle.
    const p = await screenshot(page, '03-changed-live.png');
    expect(coloursIn(p, { x: 0, y: 0, width: 768, height: 480 })).toEqual(['green']);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  it('/preview/{screenId} draws the same zones in the same places of its frame', async () => {
    const { page: preview, errors: previewErrors } = await e2e.newPage(VIEWPORT);
    await signInWithToken(preview, c.token, `/preview/${screenId}`);
    await preview.locator(`[data-testid=layout][data-layout="${layoutId}"]`).waitFor();
    const box = (await preview.getByTestId('player').boundingBox())!;
    for (const z of zones) await expectBox(preview, z.name, rectOf(z, box));
    await expectClock(preview, rectOf(zones[2]!, box));
    await waitForPicture(preview, {
      [IMAGES]: rectOf(zones[1]!, box),
      // The video's own rectangle less the clock's corner over it.
      [VIDEO]: rectOf({ x: 0, y: 0, width: 60, height: 66 }, box),
    }, (s) => s[IMAGES]!.join() === 'yellow' && s[VIDEO]!.join() === 'green');
    await screenshot(preview, '04-preview.png');
    expect(previewErrors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
