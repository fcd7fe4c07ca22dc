import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signInWithToken } from '../support/accounts';
import { snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { recordWebm } from '../support/media-files';
import { artifactsDir } from '../support/paths';
import { assign, createPlaylist, createScreen, customerWithPackage, uploadPng, waitForVisible, type UploadedMedia } from './player-fixtures';

const e2e = useE2E();

describe('dashboard preview (/preview/:screenId)', () => {
  it('shows the screen in the shared player at 775 px, plays a video at 0.4, and follows changes live', async (t) => {
    const c = await customerWithPackage(e2e.server.url);
    if (!c) return t.skip(); // pending on payments: no free-trial purchase through the API yet
    const { page, errors } = await e2e.newPage();
    await page.goto('/player/'); // any page of ours, to record a clip in the browser
    const webm = await recordWebm(page, 1500);
    const form = new FormData();
    form.append('name', 'klip');
    form.append('file', new Blob([new Uint8Array(webm)], { type: 'video/webm' }), 'klip.webm');
    const clip = (await fetch(`${c.baseUrl}/api/media/upload`, { method: 'POST', headers: { Authorization: `Bearer ${c.token}` }, body: form })
      .then((r) => r.json())) as UploadedMedia;
    const orange = await uploadPng(c, 'turuncu', [234, 88, 12]);
    const purple = await uploadPng(c, 'mor', [126, 34, 206]);
    const playlist = await createPlaylist(c, 'Vitrin', [{ media: orange, duration: 2 }, { media: clip, duration: 10 }]);
    const other = await createPlaylist(c, 'Yeni', [{ media: purple, duration: 5 }]);
    const screenId = await createScreen(c, 'Vitrin Ekranı');
    await assign(c, screenId, playlist);

    await signInWithToken(page, c.token, `/preview/${screenId}`);
    await waitForVisible(page, orange.filePath);
    const box = await page.getByTestId('player').boundingBox();
    expect(box?.height).toBe(775);
    await snap(page, 'player-preview', '01-image');

    // The video comes next; it ends (1.5 s) before its 10 s duration and the loop goes on.
    await waitForVisible(page, clip.filePath, 6000);
    const video = page.getByTestId('player-video');
    expect(await video.evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.4);
    // Either the browser let it play with sound, or it plays muted behind 'Sesi Aç ve Oynat'.
    const blocked = await page.getByText('Sesi Aç ve Oynat').isVisible();
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(blocked);
    await page.screenshot({ path: path.join(artifactsDir, 'player-preview', '02-video.png') });
    await waitForVisible(page, orange.filePath, 6000);

    await assign(c, screenId, other);
    await waitForVisible(page, purple.filePath, 10_000);
    expect(errors).toEqual([]);
  });

  it("an unknown screen shows 'Ekran bulunamadı'", async (t) => {
    const c = await customerWithPackage(e2e.server.url);
    if (!c) return t.skip();
    const { page } = await e2e.newPage();
    await signInWithToken(page, c.token, '/preview/00000000-0000-4000-8000-000000000000');
    await page.getByText('Ekran bulunamadı').waitFor();
    await snap(page, 'player-preview', '03-not-found');
  });
});
