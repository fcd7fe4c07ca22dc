import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithToken } from '../support/accounts';
import { DESKTOP, MOBILE, snap, waitBudgetMs } from '../support/browser';
import { decodePng, rgbAt } from '../support/pixels';
import { artifactsDir } from '../support/paths';
import { useE2E } from '../support/harness';
import { PAGE_COLOURS, samplePdf } from '../../server/src/storage/testing/sample-pdfs';
import { assign, createPlaylist, createScreen, customerWithPackage, openAsPairedDevice, pairToScreen, type Customer } from './player-fixtures';

const e2e = useE2E();
const shot = (name: string) => path.join(artifactsDir, 'player-pdf', name);
/** The sample's page colours as RGB, for the pixel check. */
const COLOURS = PAGE_COLOURS.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]);

/**
 * A PDF uploaded through the real server (its pages drawn by the built server's reader process)
 * and shown on a paired device: each page for the item's time in turn, a page on screen at
 * every animation frame (docs/PRODUCT.md#apps).
 */
describe('a PDF document on a device (/player)', () => {
  let c: Customer;
  let page: Page;
  let pages: string[];

  beforeAll(async () => {
    c = await customerWithPackage(e2e.server.url);
    const form = new FormData();
    form.append('name', 'Menü');
    form.append('file', new Blob([new Uint8Array(await samplePdf(3))], { type: 'application/pdf' }), 'menu.pdf');
    const res = await fetch(`${c.baseUrl}/api/media/upload`, { method: 'POST', headers: { Authorization: `Bearer ${c.token}` }, body: form });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { _id: string; filePath: string; app: { kind: string; pages: string[] } };
    expect(doc.app.kind).toBe('pdf');
    pages = doc.app.pages;
    const playlist = await createPlaylist(c, 'Menü', [{ media: doc, duration: 2 }]);
    const screenId = await createScreen(c, 'Kantin');
    await assign(c, screenId, playlist);
    const paired = await pairToScreen(e2e.server.url, c, screenId);
    ({ page } = await e2e.newPage());
    // Every animation frame, which page is visible: a frame with none would be a blank.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { pdfFrames: string[] }).pdfFrames = seen;
      const look = () => {
        const shown = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid=pdf-page]'))
          .filter((img) => img.style.opacity === '1' && img.complete && img.naturalWidth > 0);
        if (shown.length > 0 || seen.length > 0) seen.push(shown.map((img) => img.dataset.page).join(',') || 'none');
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await openAsPairedDevice(page, { deviceToken: paired.deviceToken, screenId });
  });

  it('shows the three pages in turn, one on screen at every frame, drawn as the PDF coloured them', async () => {
    // Page 1 again after page 3: the item came round once, all three pages shown.
    await page.waitForFunction(() => {
      const frames = (window as unknown as { pdfFrames: string[] }).pdfFrames;
      const order = frames.filter((f, i) => f !== frames[i - 1]);
      return order.join(' ').includes('1 2 3 1');
    }, undefined, { timeout: waitBudgetMs() + 10_000, polling: 100 });
    const frames = await page.evaluate(() => (window as unknown as { pdfFrames: string[] }).pdfFrames);
    const order = frames.filter((f, i) => f !== frames[i - 1]);
    expect(order.slice(0, 4)).toEqual(['1', '2', '3', '1']);
    expect(frames).not.toContain('none');
    // The pages are the server's pictures, fetched from its uploads.
    const srcs = await page.locator('[data-testid=pdf-page]').evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname));
    expect(pages).toEqual(expect.arrayContaining(srcs));
    // What the screen shows is a page's picture: one of the PDF's colours fills its middle.
    const picture = await decodePng(await page.screenshot({ path: shot('01-page.png') }));
    const viewport = page.viewportSize()!;
    const middle = rgbAt(picture, Math.round(viewport.width / 2), Math.round(viewport.height / 2), viewport.width);
    expect(COLOURS.some((colour) => colour.every((v, i) => Math.abs(v - middle[i]!) < 40)), `middle ${middle.join(',')}`).toBe(true);
  });

  it("the /media card shows the document's first page and page count, its buttons inside the card at 1280 and 375 px", async () => {
    const { page: dashboard } = await e2e.newPage();
    await signInWithToken(dashboard, c.token, '/media');
    const card = dashboard.getByTestId('media-card').filter({ hasText: 'Menü' });
    await card.getByTestId('pdf-thumb').waitFor();
    expect(await card.getByTestId('pdf-pages').textContent()).toBe('3 sayfa');
    for (const viewport of [DESKTOP, MOBILE]) {
      await dashboard.setViewportSize(viewport);
      const box = (await card.boundingBox())!;
      for (const button of await card.getByRole('button').all()) {
        const b = (await button.boundingBox())!;
        expect(b.x >= box.x && b.x + b.width <= box.x + box.width + 0.5, `${await button.textContent()} @${viewport.width}px`).toBe(true);
      }
    }
    await snap(dashboard, 'player-pdf', '02-media-card');
  });
});
