import { describe, expect, it, vi } from 'vitest';
import { signInWithToken } from '../support/accounts';
import { snap, throttleUploads, waitBudgetMs } from '../support/browser';
import { useE2E } from '../support/harness';
import { layoutProblems } from './layout-checks';
import { makePng } from '../support/media-files';
import {
  assign, call, createPlaylist, createScreen, customerWithPackage, openAsPairedDevice, pairToScreen, uploadPng, visibleMedia, waitForVisible,
} from './player-fixtures';

const e2e = useE2E();

/*
 * Issue #24 item 7 in Chromium (docs/PRODUCT.md#replacing-a-file): the customer gives a picture a
 * new file with 'Dosyayı Değiştir' on /media; the paired player showing it switches to the new
 * picture by itself, without a reload, and the item is the same one (same id, same playlist).
 */
describe("'Dosyayı Değiştir' reaches a paired player", () => {
  it('a picture replaced on /media is shown by the player without a reload, under the same media id', async () => {
    const c = await customerWithPackage(e2e.server.url);
    const orange = await uploadPng(c, 'Afiş', [234, 88, 12]);
    const playlist = await createPlaylist(c, 'Lobi', [{ media: orange, duration: 30 }]);
    const screenId = await createScreen(c, 'Resepsiyon');
    await assign(c, screenId, playlist);

    // The wall: a device paired by the customer's mobile code, showing the picture.
    const { page: player, errors: playerErrors } = await e2e.newPage();
    await openAsPairedDevice(player, { ...(await pairToScreen(e2e.server.url, c, screenId)), screenId });
    await waitForVisible(player, orange.filePath);
    await player.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The office: /media, the picture's card.
    const { page, context, errors } = await e2e.newPage();
    await signInWithToken(page, c.token, '/media');
    const card = page.getByTestId('media-card').filter({ has: page.getByRole('heading', { name: 'Afiş' }) });
    await card.waitFor();
    // Sent slowly, so the card is seen while the new file goes.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await throttleUploads(cdp, 20_000);
    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Dosyayı Değiştir: Afiş' }).click();
    await (await chooser).setFiles({ name: 'yeni-afis.png', mimeType: 'image/png', buffer: makePng(320, 180, [13, 148, 136]) });
    await card.getByText(/^Yeni dosya yükleniyor %[1-9]\d*$/).waitFor({ timeout: waitBudgetMs() });
    expect(await card.getByRole('button', { name: 'Dosyayı Değiştir: Afiş' }).isDisabled()).toBe(true);
    // The card's buttons and its state stay inside it, on a desk and on a phone.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(layoutProblems, '.media-card')).toEqual([]);
    }
    await snap(page, 'media-replace', '01-media-replacement-uploading');
    await throttleUploads(cdp, -1);

    // The same item, now with the new file; the wall follows by itself.
    const replaced = await vi.waitFor(async () => {
      const list = await call<{ _id: string; filePath: string }[]>(c.baseUrl, c.token, '/api/media');
      const item = list.find((m) => m._id === orange._id);
      expect(item?.filePath).not.toBe(orange.filePath);
      return item!;
    }, { timeout: waitBudgetMs(), interval: 100 });
    await waitForVisible(player, replaced.filePath);
    expect(await visibleMedia(player)).toEqual([replaced.filePath]);
    expect(await player.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await card.locator(`img[src="/uploads/thumbs/${replaced.filePath.replace('/uploads/', '')}"]`).waitFor();
    await expect.poll(() => card.getByRole('status').count()).toBe(0);
    await snap(page, 'media-replace', '02-media-replaced');
    await snap(player, 'media-replace', '03-player-shows-new-file');
    expect(errors).toEqual([]);
    expect(playerErrors).toEqual([]);
  });
});
