import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithToken } from '../support/accounts';
import { snap, waitBudgetMs } from '../support/browser';
import { useE2E } from '../support/harness';
import { recordWebm } from '../support/media-files';
import { artifactsDir } from '../support/paths';
import {
  assign, createPlaylist, createScreen, customerWithPackage, uploadPng, uploadWebm, waitForVisible, type Customer, type UploadedMedia,
} from './player-fixtures';

const e2e = useE2E();

// One preview, in order: the image, then the video, then a live change.
describe('dashboard preview (/preview/:screenId): image, video, live change', () => {
  let c: Customer;
  let page: Page;
  let errors: string[];
  let clip: UploadedMedia;
  let orange: UploadedMedia;
  let purple: UploadedMedia;
  let other: string;
  let screenId: string;
  beforeAll(async () => {
    c = await customerWithPackage(e2e.server.url);
    ({ page, errors } = await e2e.newPage());
    await page.goto('/player/'); // any page of ours, to record a clip in the browser
    const webm = await recordWebm(page, 1500);
    [clip, orange, purple] = await Promise.all([
      uploadWebm(c, webm), uploadPng(c, 'turuncu', [234, 88, 12]), uploadPng(c, 'mor', [126, 34, 206]),
    ]);
    const playlist = await createPlaylist(c, 'Vitrin', [{ media: orange, duration: 2 }, { media: clip, duration: 10 }]);
    other = await createPlaylist(c, 'Yeni', [{ media: purple, duration: 5 }]);
    screenId = await createScreen(c, 'Vitrin Ekranı');
    await assign(c, screenId, playlist);
  });

  it('shows the screen in the shared player at 775 px', async () => {
    await signInWithToken(page, c.token, `/preview/${screenId}`);
    await waitForVisible(page, orange.filePath);
    const box = await page.getByTestId('player').boundingBox();
    expect(box?.height).toBe(775);
    await snap(page, 'player-preview', '01-image');
    // On a phone: 16:9 of the width, not a 775 px black box around a small picture.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(async () => (await page.getByTestId('player').boundingBox())?.height).toBeLessThan(250);
    const narrow = (await page.getByTestId('player').boundingBox())!;
    expect(Math.abs(narrow.height - (narrow.width * 9) / 16)).toBeLessThan(2);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('plays the video at 0.4, which ends before its duration, and the loop goes on', async () => {
    // The video comes next; it ends (1.5 s) before its 10 s duration and the loop goes on.
    await waitForVisible(page, clip.filePath, 6000);
    const video = page.getByTestId('player-video');
    expect(await video.evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.4);
    // Either the browser let it play with sound, or it plays muted behind 'Sesi Aç ve Oynat'.
    const blocked = await page.getByText('Sesi Aç ve Oynat').isVisible();
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(blocked);
    await page.screenshot({ path: path.join(artifactsDir, 'player-preview', '02-video.png') });
    await waitForVisible(page, orange.filePath, 6000);
  });

  it('follows a new assignment live', async () => {
    await assign(c, screenId, other);
    await waitForVisible(page, purple.filePath, 10_000);
    expect(errors).toEqual([]);
  });
});

describe('dashboard preview (/preview/:screenId)', () => {
  it("an unknown screen shows 'Ekran bulunamadı'; a screen without a playlist says so", async () => {
    const c = await customerWithPackage(e2e.server.url);
    const { page } = await e2e.newPage();
    await signInWithToken(page, c.token, '/preview/00000000-0000-4000-8000-000000000000');
    await page.getByText('Ekran bulunamadı').waitFor();
    await snap(page, 'player-preview', '03-not-found');
    const screenId = await createScreen(c, 'Boş Ekran');
    await page.goto(`/preview/${screenId}`);
    await page.getByText('Bu ekrana atanmış medya bulunamadı').waitFor();
    await snap(page, 'player-preview', '04-no-media');
  });

  it("with sound blocked, the video plays muted behind 'Sesi Aç ve Oynat' until clicked", async () => {
    const c = await customerWithPackage(e2e.server.url);
    const { page } = await e2e.newPage();
    await page.goto('/player/');
    const clip = await uploadWebm(c, await recordWebm(page, 3000));
    const screenId = await createScreen(c, 'Sesli Ekran');
    await assign(c, screenId, await createPlaylist(c, 'Ses', [{ media: clip, duration: 30 }]));

    // Chromium's own policy cannot be pinned down under automation (scripted steps count as
    // gestures), so the policy itself is stood in for: sound is refused until a real click.
    await page.addInitScript(() => {
      const realPlay = HTMLMediaElement.prototype.play;
      let clicked = false;
      addEventListener('click', () => (clicked = true), true);
      HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
        if (!this.muted && !clicked) return Promise.reject(new DOMException('user did not interact', 'NotAllowedError'));
        return realPlay.call(this);
      };
    });
    await signInWithToken(page, c.token, `/preview/${screenId}`);
    const button = page.getByRole('button', { name: 'Sesi Aç ve Oynat' });
    await button.waitFor();
    // The current item is the last layer (the one before it may still fade out).
    const current = () => page.evaluate(() => {
      const all = document.querySelectorAll<HTMLVideoElement>('[data-testid=player-video]');
      const v = all[all.length - 1]!;
      return { muted: v.muted, volume: v.volume, paused: v.paused, time: v.currentTime };
    });
    // Muted autoplay goes on in the background.
    await expect.poll(async () => (await current()).time, { timeout: waitBudgetMs() }).toBeGreaterThan(0.2);
    expect((await current()).muted).toBe(true);
    // Someone is watching the preview: the spec's button sits over the middle of the media.
    const [b, p] = [(await button.boundingBox())!, (await page.getByTestId('player').boundingBox())!];
    expect(Math.abs(b.x + b.width / 2 - (p.x + p.width / 2))).toBeLessThan(2);
    expect(Math.abs(b.y + b.height / 2 - (p.y + p.height / 2))).toBeLessThan(2);
    await page.screenshot({ path: path.join(artifactsDir, 'player-preview', '05-sound-blocked.png') });
    await button.click();
    await button.waitFor({ state: 'detached' });
    await expect.poll(current, { timeout: waitBudgetMs() }).toMatchObject({ muted: false, volume: 0.4, paused: false });
  });

  it('a video alone loops in its one element: each round starts it from the start, no second element loads it', async () => {
    const c = await customerWithPackage(e2e.server.url);
    const { page, errors } = await e2e.newPage();
    await page.goto('/player/');
    const clip = await uploadWebm(c, await recordWebm(page, 1000));
    const screenId = await createScreen(c, 'Döngü Ekranı');
    await assign(c, screenId, await createPlaylist(c, 'Tek Video', [{ media: clip, duration: 30 }]));
    await signInWithToken(page, c.token, `/preview/${screenId}`);
    await waitForVisible(page, clip.filePath);
    // The element on screen is marked; every video element added after it and every round's seek is counted.
    await page.evaluate(() => {
      const w = window as unknown as { rounds: number; added: number };
      w.rounds = 0;
      w.added = 0;
      const video = document.querySelector<HTMLVideoElement>('[data-testid=player-video]')!;
      video.dataset.first = 'yes';
      video.addEventListener('seeked', () => (w.rounds += 1));
      new MutationObserver((records) => {
        for (const r of records) for (const n of Array.from(r.addedNodes)) if (n instanceof HTMLVideoElement) w.added += 1;
      }).observe(document.body, { subtree: true, childList: true });
    });
    // The 1 s clip ends long before its 30 s: the element loops by itself ('loop'), and each wrap,
    // a seek of the browser's that the player takes as the round's end, happens in that element.
    await expect.poll(() => page.evaluate(() => (window as unknown as { rounds: number }).rounds), { timeout: waitBudgetMs() })
      .toBeGreaterThanOrEqual(2);
    const state = await page.evaluate(() => ({
      added: (window as unknown as { added: number }).added,
      videos: Array.from(document.querySelectorAll<HTMLVideoElement>('[data-testid=player-video]'))
        .map((v) => ({ first: v.dataset.first, opacity: v.style.opacity, loop: v.loop, error: v.error })),
    }));
    expect(state).toEqual({ added: 0, videos: [{ first: 'yes', opacity: '1', loop: true, error: null }] });
    // And it plays: its time moves on from the start of the round.
    const at = await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid=player-video]')!.currentTime);
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid=player-video]')!.currentTime), { timeout: waitBudgetMs() })
      .not.toBe(at);
    expect(errors).toEqual([]);
  });
});
