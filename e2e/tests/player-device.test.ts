import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { snap, waitBudgetMs } from '../support/browser';
import { artifactsDir } from '../support/paths';
import { useE2E } from '../support/harness';
import { recordWebm } from '../support/media-files';
import {
  assign, call, createPlaylist, createScreen, customerWithPackage, uploadPng, uploadWebm, visibleMedia, waitForVisible,
  type Customer, type UploadedMedia,
} from './player-fixtures';

const e2e = useE2E();
const shot = (name: string) => path.join(artifactsDir, 'player-device', name);

// One device, in order: paired and playing, then changed live, then rebooted.
describe('screen player device (/player): pairing, live change, reboot', () => {
  let c: Customer;
  let red: UploadedMedia;
  let blue: UploadedMedia;
  let green: UploadedMedia;
  let second: string;
  let screenId: string;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    c = await customerWithPackage(e2e.server.url);
    [red, blue, green] = await Promise.all([
      uploadPng(c, 'kirmizi', [220, 38, 38]), uploadPng(c, 'mavi', [37, 99, 235]), uploadPng(c, 'yesil', [22, 163, 74]),
    ]);
    const first = await createPlaylist(c, 'Lobi', [{ media: red, duration: 2 }, { media: blue, duration: 2 }]);
    second = await createPlaylist(c, 'Kampanya', [{ media: green, duration: 3 }]);
    screenId = await createScreen(c, 'Giriş Ekranı');
    // The free trial allows one screen.
    await assign(c, screenId, first);
    ({ page, errors } = await e2e.newPage());
  });

  it('pairs by mobile code and plays the playlist in a loop', async () => {
    await page.goto('/player/');
    await page.getByRole('heading', { name: 'Ekran Eşleştirme' }).waitFor();
    await snap(page, 'player-device', '01-pairing');
    await page.getByLabel('Mobil kod').fill(c.mobileCode);
    await page.getByRole('button', { name: 'Eşleştir' }).click();
    await page.getByRole('button', { name: 'Giriş Ekranı' }).waitFor();
    await snap(page, 'player-device', '02-choose-screen');
    await page.getByRole('button', { name: 'Giriş Ekranı' }).click();

    // An image, then the next item, then the loop back to the first.
    await waitForVisible(page, red.filePath);
    await page.screenshot({ path: shot('03-playing-red.png') });
    await waitForVisible(page, blue.filePath, 5000);
    await waitForVisible(page, red.filePath, 5000);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pano.device') ?? '{}'))).toMatchObject({ screenId });
  });

  it('follows a new assignment and a ticker without reload', async () => {
    // A change made through the API reaches the player over the socket, no reload.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const ticker = await call<{ _id: string }>(c.baseUrl, c.token, '/api/direction-playlists', {
      method: 'POST', body: { name: 'Duyurular', speed: 3, directions: [{ text: 'Hoş geldiniz' }, { text: 'Kampanya bugün sona eriyor' }] },
    });
    await call(c.baseUrl, c.token, `/api/screens/${screenId}`, { method: 'PUT', body: { currentPlaylist: second, currentDirectionPlaylist: ticker._id } });
    await waitForVisible(page, green.filePath, 10_000);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(await visibleMedia(page)).toEqual([green.filePath]);
    await page.getByTestId('ticker-bar').getByText('Hoş geldiniz').first().waitFor();
    // The strip moves (a transform animation): its transform as drawn changes from what it was.
    const strip = page.getByTestId('ticker-strip');
    const before = await strip.evaluate((el) => getComputedStyle(el).transform);
    await strip.evaluate((el, was) => new Promise<void>((resolve) => {
      const moved = () => (getComputedStyle(el).transform !== was ? resolve() : requestAnimationFrame(moved));
      moved();
    }), before);
    await page.screenshot({ path: shot('04-after-assignment.png') });
  });

  it('a reboot remembers the pairing and the screen', async () => {
    // A reboot: the pairing and screen are remembered.
    await page.reload();
    await waitForVisible(page, green.filePath);
    expect(errors).toEqual([]);
  });
});

describe('screen player device (/player)', () => {
  it('a wrong mobile code shows the server message and stays on pairing', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/player/');
    await page.getByLabel('Mobil kod').fill('YANLIS1');
    await page.getByRole('button', { name: 'Eşleştir' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/mobil kod/i);
    expect(await page.evaluate(() => localStorage.getItem('pano.device'))).toBeNull();
  });

  it('an unattended device whose sound is blocked plays muted with a small corner button, not an overlay', async () => {
    const c = await customerWithPackage(e2e.server.url);
    const { page, errors } = await e2e.newPage();
    await page.goto('/player/');
    const clip = await uploadWebm(c, await recordWebm(page, 3000));
    const screenId = await createScreen(c, 'Bekleme Salonu');
    await assign(c, screenId, await createPlaylist(c, 'Sesli', [{ media: clip, duration: 30 }]));
    // Paired earlier, then rebooted with nobody in front of it: no click ever reaches this page.
    const paired = await fetch(`${c.baseUrl}/api/devices/pair`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mobileCode: c.mobileCode, name: 'Salon TV' }),
    });
    const { deviceToken } = (await paired.json()) as { deviceToken: string };
    await call(c.baseUrl, deviceToken, '/api/devices/screen', { method: 'PUT', body: { screenId } });
    await page.addInitScript((creds) => localStorage.setItem('pano.device', JSON.stringify(creds)), { deviceToken, screenId });
    // The autoplay policy stood in for, as in the preview test: sound is refused until a real click.
    await page.addInitScript(() => {
      const realPlay = HTMLMediaElement.prototype.play;
      let clicked = false;
      addEventListener('click', () => (clicked = true), true);
      HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
        if (!this.muted && !clicked) return Promise.reject(new DOMException('user did not interact', 'NotAllowedError'));
        return realPlay.call(this);
      };
    });
    await page.goto('/player/');

    const button = page.getByRole('button', { name: 'Sesi Aç ve Oynat' });
    await button.waitFor();
    const current = () => page.evaluate(() => {
      const all = document.querySelectorAll<HTMLVideoElement>('[data-testid=player-video]');
      const v = all[all.length - 1]!;
      return { muted: v.muted, volume: v.volume, paused: v.paused, time: v.currentTime };
    });
    await expect.poll(async () => (await current()).time, { timeout: waitBudgetMs() }).toBeGreaterThan(0.2);
    expect((await current()).muted).toBe(true);
    // Small and in the top-left corner: the picture stays free.
    const box = (await button.boundingBox())!;
    const view = page.viewportSize()!;
    expect(box.x + box.width).toBeLessThan(view.width / 4);
    expect(box.y + box.height).toBeLessThan(view.height / 10);
    expect(box.width * box.height).toBeLessThan(view.width * view.height * 0.01);
    await snap(page, 'player-device', '05-sound-blocked-corner');

    await button.click();
    await button.waitFor({ state: 'detached' });
    await expect.poll(current, { timeout: waitBudgetMs() }).toMatchObject({ muted: false, volume: 0.4, paused: false });
    expect(errors).toEqual([]);
  });
});
