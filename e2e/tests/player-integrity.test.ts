import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signInWithToken } from '../support/accounts';
import { MOBILE, waitBudgetMs } from '../support/browser';
import { useE2E } from '../support/harness';
import { makePng } from '../support/media-files';
import {
  assign, call, createPlaylist, createScreen, customerWithPackage, openAsPairedDevice, pairToScreen, uploadPng, waitForVisible,
  type Customer, type UploadedMedia,
} from './player-fixtures';

const e2e = useE2E();

type CorruptFile = { mediaId: string; name: string; attempts: number };
type HealthList = { screens: Array<{ screenId: string; report: { corruptFiles: CorruptFile[] } | null }> };

const browserWait = () => ({ timeout: waitBudgetMs(), interval: 150 });

/**
 * docs/architecture/player.md#file-integrity: a file whose bytes on the server no longer have the
 * SHA-256 taken at upload (rewritten on disk here, as a failing disk or a bad copy would) never
 * enters the player's offline cache; the player fetches it again, the screen's health names it,
 * and once the server's copy is right again the player keeps it and shows it.
 */
describe('a corrupted file kept out of the offline cache (/player, Chromium)', () => {
  let c: Customer;
  let red: UploadedMedia;
  let blue: UploadedMedia;
  let screenId: string;
  let player: Page;
  let blueOnDisk: string;
  let blueBytes: Buffer;
  const corruptFiles = async () =>
    (await call<HealthList>(c.baseUrl, c.token, '/api/screens/health')).screens.find((s) => s.screenId === screenId)?.report?.corruptFiles;
  /** Whether the player's media cache holds the file (the Cache API the service worker serves from). */
  const cached = (filePath: string) => player.evaluate(async (p) => {
    const cache = await caches.open('pano-media-v1');
    return (await cache.match(new URL(p, location.origin).href)) !== undefined;
  }, filePath);

  beforeAll(async () => {
    c = await customerWithPackage(e2e.server.url);
    [red, blue] = await Promise.all([uploadPng(c, 'kirmizi', [220, 38, 38]), uploadPng(c, 'mavi', [37, 99, 235])]);
    screenId = await createScreen(c, 'Vitrin');
    await assign(c, screenId, await createPlaylist(c, 'Vitrin', [{ media: red, duration: 2 }, { media: blue, duration: 2 }]));
    // The stored file rewritten behind the server's back: other bytes than the ones it hashed.
    blueOnDisk = path.join(e2e.server.dataDir, 'uploads', path.basename(blue.filePath));
    blueBytes = await readFile(blueOnDisk);
    await writeFile(blueOnDisk, makePng(320, 180, [22, 163, 74]));
    const { deviceToken } = await pairToScreen(c.baseUrl, c, screenId);
    ({ page: player } = await e2e.newPage({ width: 1280, height: 720 }));
    await openAsPairedDevice(player, { deviceToken, screenId });
  });

  it('refuses to cache it, fetches it again, and the screen health names it', async () => {
    await waitForVisible(player, red.filePath);
    const [file] = await vi.waitFor(async () => {
      const files = await corruptFiles();
      // Three downloads in the first round (a second apart, then four): refused each time.
      expect(files).toEqual([expect.objectContaining({ mediaId: blue._id, name: 'mavi', attempts: 3 })]);
      return files!;
    }, browserWait());
    expect(file!.attempts).toBe(3);
    expect(await cached(red.filePath)).toBe(true);
    expect(await cached(blue.filePath)).toBe(false);
  });

  it("shows it on the screen's 'Durum' in the dashboard", async () => {
    for (const viewport of [{ width: 1280, height: 800 }, MOBILE]) {
      const { page } = await e2e.newPage(viewport);
      await signInWithToken(page, c.token, '/screens');
      const card = page.getByTestId('screen-card').filter({ hasText: 'Vitrin' });
      await card.getByText('Bozuk indirilen dosya: 1').waitFor({ timeout: waitBudgetMs() });
      await card.getByText('Durum', { exact: true }).click();
      // 3 downloads in the first round, 6 once the second has run.
      expect(await card.getByTestId('health-corrupt').textContent()).toMatch(/^mavi \((3|6) deneme\)$/);
      await page.screenshot({ path: `/tmp/pano-integrity-health-${viewport.width}.png`, fullPage: true });
      await page.close();
    }
  });

  it('keeps and shows the file once the server has the right bytes again', async () => {
    await writeFile(blueOnDisk, blueBytes);
    // The next round comes 10 s after the first (docs/architecture/player.md#file-integrity).
    await vi.waitFor(async () => expect(await cached(blue.filePath)).toBe(true), { timeout: Math.max(waitBudgetMs(), 20_000), interval: 250 });
    // Blue on screen, not the green bytes the server gave before (the test picture darkens
    // towards a corner: its proportions, not its values).
    await vi.waitFor(async () => {
      await waitForVisible(player, blue.filePath);
      const [r, g, b] = await player.evaluate((p) => {
        const img = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid=player-image]'))
          .find((el) => el.style.opacity === '1' && new URL(el.src).pathname === p)!;
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return [...ctx.getImageData(img.naturalWidth >> 1, img.naturalHeight >> 1, 1, 1).data.slice(0, 3)];
      }, blue.filePath);
      expect(b).toBeGreaterThan(2 * g!);
      expect(b).toBeGreaterThan(3 * r!);
    }, browserWait());
    await vi.waitFor(async () => expect(await corruptFiles()).toEqual([]), browserWait());
  });
});
