import { beforeAll, describe, expect, it, vi } from 'vitest';
import { waitBudgetMs } from '../support/browser';
import type { Page } from 'playwright-core';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { artifactsDir } from '../support/paths';
import { useE2E } from '../support/harness';
import {
  assign, call, createPlaylist, createScreen, customerWithPackage, uploadPng, uploadWebm, waitForVisible, type Customer, type UploadedMedia,
} from './player-fixtures';
import { recordWebm } from '../support/media-files';

const e2e = useE2E();

/** GET /api/screens/health, as much of it as this test reads (contract: ZScreenHealthResponse). */
type HealthList = {
  screens: Array<{
    screenId: string; online: boolean;
    report: {
      appVersion: string; uptimeSec: number; cacheBytes: number | null; itemsFailed: number; failing: boolean;
      playing: { mediaId: string; name: string } | null; events: unknown[]; lastError: unknown;
    } | null;
    screenshot: { takenAt: string; kind: 'screenshot' | 'thumbnail' } | null;
  }>;
};

/** How long vi.waitFor tries a real browser and server at work: the load is read when the wait starts. */
const browserWait = () => ({ timeout: waitBudgetMs(), interval: 150 });

type Pixel = [number, number, number];
type Decoded = { width: number; height: number; pixels: Pixel[]; png: string };
/** Decodes an image in the page (Chromium's own decoder): its size, a few pixels (at fractions of its size) and a PNG copy. */
async function inspectImage(page: Page, bytes: Buffer, type: string, points: Array<[number, number]>): Promise<Decoded> {
  return page.evaluate(async ({ b64, type, points }) => {
    const data = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([data], { type }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const pixels = points.map(([fx, fy]) => {
      const d = ctx.getImageData(Math.floor(bitmap.width * fx), Math.floor(bitmap.height * fy), 1, 1).data;
      return [d[0]!, d[1]!, d[2]!] as [number, number, number];
    });
    const png = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let bin = '';
    for (const b of png) bin += String.fromCharCode(b);
    return { width: bitmap.width, height: bitmap.height, pixels, png: btoa(bin) };
  }, { b64: bytes.toString('base64'), type, points });
}

const near = (p: Pixel, q: Pixel, tolerance = 40) => p.every((v, i) => Math.abs(v - q[i]!) <= tolerance);

// One paired device, in order: it reports its health, then answers a screenshot request.
describe('player health and remote screenshots (/player, Chromium)', () => {
  let c: Customer;
  let red: UploadedMedia;
  let screenId: string;
  let page: Page;
  let errors: string[];
  const health = async () =>
    (await call<HealthList>(c.baseUrl, c.token, '/api/screens/health')).screens.find((s) => s.screenId === screenId);

  /** 'Ekran Görüntüsü Al' through the API; resolves with the JPEG once a newer one than any before is stored. */
  let lastTaken = 0;
  const requestShot = async (): Promise<Buffer> => {
    await call(c.baseUrl, c.token, `/api/screens/${screenId}/screenshot`, { method: 'POST' });
    const shot = await vi.waitFor(async () => {
      const taken = (await health())?.screenshot;
      expect(taken?.kind).toBe('screenshot');
      expect(Date.parse(taken!.takenAt)).toBeGreaterThan(lastTaken);
      return taken!;
    }, browserWait());
    lastTaken = Date.parse(shot.takenAt);
    const res = await fetch(`${c.baseUrl}/api/screens/${screenId}/screenshot`, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/jpeg/);
    return Buffer.from(await res.arrayBuffer());
  };
  const keep = async (name: string, png: Buffer) => {
    await mkdir(path.join(artifactsDir, 'player-health'), { recursive: true });
    await writeFile(path.join(artifactsDir, 'player-health', name), png);
  };

  beforeAll(async () => {
    c = await customerWithPackage(e2e.server.url);
    red = await uploadPng(c, 'kirmizi', [220, 38, 38]);
    screenId = await createScreen(c, 'Koridor');
    await assign(c, screenId, await createPlaylist(c, 'Koridor', [{ media: red, duration: 60 }]));
    const ticker = await call<{ _id: string }>(c.baseUrl, c.token, '/api/direction-playlists', {
      method: 'POST', body: { name: 'Duyurular', speed: 1, directions: [{ text: 'Hoş geldiniz' }] },
    });
    await call(c.baseUrl, c.token, `/api/screens/${screenId}`, { method: 'PUT', body: { currentDirectionPlaylist: ticker._id } });
    // Paired earlier through the API (the pairing UI has its own test).
    const paired = await fetch(`${c.baseUrl}/api/devices/pair`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mobileCode: c.mobileCode, name: 'Koridor TV' }),
    });
    const { deviceToken } = (await paired.json()) as { deviceToken: string };
    await call(c.baseUrl, deviceToken, '/api/devices/screen', { method: 'PUT', body: { screenId } });
    let context;
    ({ page, errors, context } = await e2e.newPage({ width: 1280, height: 720 }));
    await context.addInitScript((creds) => localStorage.setItem('pano.device', JSON.stringify(creds)), { deviceToken, screenId });
  });

  it('reports its health over the socket: version, uptime, the item on screen, no failures', async () => {
    await page.goto('/player/');
    await waitForVisible(page, red.filePath);
    const report = await vi.waitFor(async () => {
      const h = await health();
      expect(h?.online).toBe(true);
      expect(h!.report?.playing).toBeTruthy();
      return h!.report!;
    }, browserWait());
    expect(report).toMatchObject({ appVersion: 'pano-player/0.1.0', itemsFailed: 0, failing: false, lastError: null, events: [] });
    expect(report.playing).toMatchObject({ mediaId: red._id, name: 'kirmizi' });
    expect(report.uptimeSec).toBeGreaterThanOrEqual(0);
    // Chromium tells the storage use (the media cache included).
    expect(report.cacheBytes).not.toBeNull();
  });

  it("'Ekran Görüntüsü Al': the player draws its screen, picture and ticker bar, and uploads a JPEG", async () => {
    const asked = Date.now();
    const jpeg = await requestShot();
    expect(lastTaken).toBeGreaterThanOrEqual(asked - 1000);
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    // What Chromium itself shows at the same moment, to compare with.
    const shown = await page.screenshot();
    const picture: Array<[number, number]> = [[0.5, 0.4], [0.02, 0.5], [0.25, 0.2], [0.9, 0.8], [0.98, 0.05]];
    const bar: Array<[number, number]> = [0.1, 0.3, 0.5, 0.7, 0.9].map((x) => [x, 0.985]);
    const mine = await inspectImage(page, jpeg, 'image/jpeg', [...picture, ...bar]);
    const theirs = await inspectImage(page, shown, 'image/png', picture);
    // Kept for a person to look at: the uploaded JPEG (as PNG) beside the page's own screenshot.
    await keep('01-uploaded-1280.png', Buffer.from(mine.png, 'base64'));
    await keep('01-page-1280.png', shown);

    // The 1280 × 720 screen, not scaled (at most 1280 wide): the picture as shown (a gradient
    // of red, object-fit contain over the whole frame) and the dark ticker bar below it.
    expect({ width: mine.width, height: mine.height }).toEqual({ width: 1280, height: 720 });
    picture.forEach((_, i) => expect(near(mine.pixels[i]!, theirs.pixels[i]!, 24), `pixel ${picture[i]!.join(',')}`).toBe(true));
    expect(mine.pixels[0]![0]).toBeGreaterThan(100);
    // The bar (rgba(0,0,0,0.8) by default, over the picture) is drawn: dark, but where its moving text passes.
    const barPixels = mine.pixels.slice(picture.length);
    expect(barPixels.filter((p) => p.every((v) => v < 70)).length).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([]);
  });

  it('on a narrow portrait screen (375 px) the picture is letterboxed as shown', async () => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid=player]')!.getBoundingClientRect().width === 375);
    const jpeg = await requestShot();
    const shown = await page.screenshot();
    // 320 × 180 contained in 375 × 667: a band of 211 px in the middle, black above and below.
    const points: Array<[number, number]> = [[0.5, 0.1], [0.5, 0.5], [0.1, 0.45], [0.9, 0.55], [0.5, 0.8]];
    const mine = await inspectImage(page, jpeg, 'image/jpeg', points);
    const theirs = await inspectImage(page, shown, 'image/png', points);
    await keep('02-uploaded-375.png', Buffer.from(mine.png, 'base64'));
    await keep('02-page-375.png', shown);
    expect({ width: mine.width, height: mine.height }).toEqual({ width: 375, height: 667 });
    points.forEach((_, i) => expect(near(mine.pixels[i]!, theirs.pixels[i]!, 24), `pixel ${points[i]!.join(',')}`).toBe(true));
    expect(mine.pixels[0]!.every((v) => v < 20)).toBe(true);
    expect(mine.pixels[1]![0]).toBeGreaterThan(100);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('a playing video: the screenshot holds its current frame', async () => {
    const clip = await uploadWebm(c, await recordWebm(page, 2000));
    await assign(c, screenId, await createPlaylist(c, 'Video', [{ media: clip, duration: 30 }]));
    await waitForVisible(page, clip.filePath);
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid=player-video]')?.currentTime ?? 0) > 0.2);
    const jpeg = await requestShot();
    // The clip is a 320 × 180 canvas recording filled with a shifting colour (16:9, so the whole frame).
    const mine = await inspectImage(page, jpeg, 'image/jpeg', [[0.5, 0.15], [0.1, 0.8], [0.9, 0.3]]);
    await keep('04-uploaded-video.png', Buffer.from(mine.png, 'base64'));
    await keep('04-page-video.png', await page.screenshot());
    for (const p of mine.pixels) {
      expect(Math.max(...p), p.join(',')).toBeGreaterThan(60);
      // A colour, not grey or black: the frame was drawn, not an empty canvas.
      expect(Math.max(...p) - Math.min(...p), p.join(',')).toBeGreaterThan(40);
    }
    const h = await health();
    expect(h?.report?.failing).toBe(false);
    expect(h?.report?.events).toEqual([]);
  });

  it('while an alert takes the screen over, the screenshot shows the alert', async () => {
    await call(c.baseUrl, c.token, '/api/alerts', {
      method: 'POST', body: { title: 'Yangın Tahliye', message: 'Lütfen en yakın çıkışı kullanın', background: '#1d4ed8', textColor: '#ffffff', screens: [screenId], durationMinutes: 5 },
    });
    await page.getByTestId('alert-overlay').getByText('Yangın Tahliye').waitFor();
    const jpeg = await requestShot();
    const mine = await inspectImage(page, jpeg, 'image/jpeg', [[0.1, 0.1], [0.9, 0.9], [0.5, 0.97]]);
    await keep('03-uploaded-alert.png', Buffer.from(mine.png, 'base64'));
    await keep('03-page-alert.png', await page.screenshot());
    // The alert's background everywhere there is no text, the ticker bar included (covered).
    for (const p of mine.pixels) expect(near(p, [0x1d, 0x4e, 0xd8], 30), p.join(',')).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('player self-healing (/player, Chromium)', () => {
  it('a file that cannot be loaded is passed at once, then left out after three failures, and the health says so', async () => {
    const c = await customerWithPackage(e2e.server.url);
    const green = await uploadPng(c, 'yesil', [22, 163, 74]);
    // A file gone from the server's disk (a failed disk, a restore without uploads): 404 for the player.
    const bad = await uploadPng(c, 'bozuk', [0, 0, 0]);
    await unlink(path.join(e2e.server.dataDir, bad.filePath));
    const screenId = await createScreen(c, 'Yemekhane');
    await assign(c, screenId, await createPlaylist(c, 'Menü', [{ media: green, duration: 1 }, { media: bad, duration: 30 }]));
    const paired = await fetch(`${c.baseUrl}/api/devices/pair`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mobileCode: c.mobileCode, name: 'Yemekhane TV' }),
    });
    const { deviceToken } = (await paired.json()) as { deviceToken: string };
    await call(c.baseUrl, deviceToken, '/api/devices/screen', { method: 'PUT', body: { screenId } });
    const { page, context, errors } = await e2e.newPage();
    await context.addInitScript((creds) => localStorage.setItem('pano.device', JSON.stringify(creds)), { deviceToken, screenId });
    await page.goto('/player/');
    await waitForVisible(page, green.filePath);

    // Without the rules the broken item would hold its 30 s turn; with them three loops take about 3 s.
    const report = await vi.waitFor(async () => {
      const list = await call<HealthList>(c.baseUrl, c.token, '/api/screens/health');
      const r = list.screens.find((s) => s.screenId === screenId)?.report;
      expect(r?.events.map((e) => (e as { kind: string }).kind)).toContain('skipped');
      return r!;
      // A deadline as well as a wait: it must stay under the broken item's 30 s turn to prove the rules.
    }, { ...browserWait(), timeout: Math.min(waitBudgetMs(), 25_000) });
    expect((report.events as Array<{ kind: string; mediaId: string }>).map((e) => `${e.kind}:${e.mediaId === bad._id ? 'bozuk' : e.mediaId}`))
      .toEqual(['skipped:bozuk', 'failed:bozuk', 'failed:bozuk', 'failed:bozuk']);
    expect(report).toMatchObject({ itemsFailed: 3, failing: false, lastError: { message: "'bozuk' üst üste 3 kez gösterilemedi, döngüde atlanıyor" } });
    // The screen never went black: the green picture stays on.
    expect(await page.evaluate(() => document.querySelectorAll('[data-testid=player-image][style*="opacity: 1"]').length)).toBe(1);
    await waitForVisible(page, green.filePath);
    // Chromium logs each failed load (404) as a console error; nothing else went wrong.
    expect(errors.filter((e) => !/404|Failed to load/i.test(e))).toEqual([]);
  });
});
