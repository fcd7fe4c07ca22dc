import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { sampleClip } from '../../server/src/storage/testing/sample-clips';
import { apiLogin, apiRegister, signInWithToken, uniqueEmail } from '../support/accounts';
import { call } from '../support/api';
import { newContext, throttleUploads, waitBudgetMs } from '../support/browser';
import { useE2E } from '../support/harness';
import { makePng } from '../support/media-files';
import { grantPackage } from '../support/packages';
import { tcpRelay } from '../../server/test/outage-helpers';

/*
 * Issue #24 item 2 in Chromium (docs/PRODUCT.md#media): files dropped together upload through
 * tus (/api/uploads) and survive a network cut, going on from the server's offset; pause and
 * resume do too; cancel ends the upload on the server. Sending is slowed down (Chromium's own
 * network throttling) so the cut and the pause land mid-way; the cut is a TCP relay between the
 * browser and the server dropping every connection and refusing new ones (Chromium's offline
 * mode leaves a request that is under way hanging instead of failing it).
 */

const e2e = useE2E();

type Sent = { method: string; url: string; offset: number | null };
type Heard = { method: string; url: string; status: number; offset: number | null };

/** Every tus request the page sends, and every answer it gets. */
function watchTus(page: Page) {
  const sent: Sent[] = [];
  const heard: Heard[] = [];
  const tus = (url: string) => new URL(url).pathname.startsWith('/api/uploads');
  page.on('request', (r) => {
    if (!tus(r.url())) return;
    const offset = r.headers()['upload-offset'];
    sent.push({ method: r.method(), url: new URL(r.url()).pathname, offset: offset === undefined ? null : Number(offset) });
  });
  page.on('response', (r) => {
    if (!tus(r.url())) return;
    const offset = r.headers()['upload-offset'];
    heard.push({ method: r.request().method(), url: new URL(r.url()).pathname, status: r.status(), offset: offset === undefined ? null : Number(offset) });
  });
  return { sent, heard };
}

/** Files dropped on the page's drop area, as a person drags them from their desktop. */
async function drop(page: Page, files: { name: string; type: string; data: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type, lastModified: 1_700_000_000_000 }));
    }
    return dt;
  }, files.map((f) => ({ name: f.name, type: f.type, b64: f.data.toString('base64') })));
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** The percent a row's bar shows. */
const percentOf = async (page: Page, fileName: string) =>
  Number(await page.getByRole('progressbar', { name: `${fileName} yükleme ilerlemesi` }).getAttribute('aria-valuenow'));

describe('/media uploads several files through tus', () => {
  let page: Page;
  let context: BrowserContext;
  let cdp: CDPSession;
  let token: string;
  let video: Buffer;
  let relay: Awaited<ReturnType<typeof tcpRelay>>;
  afterAll(async () => {
    await relay?.down();
  });
  beforeAll(async () => {
    const email = uniqueEmail('yukleme');
    await apiRegister(e2e.server.url, email);
    token = await apiLogin(e2e.server.url, email);
    if (!(await grantPackage({ baseUrl: e2e.server.url, token }))) throw new Error('the free-trial package could not be granted');
    // A real H.264/AAC MP4 of 2 s (tens of KB): slowed down, it takes seconds to send.
    video = await sampleClip('playable');
    relay = await tcpRelay({ host: '127.0.0.1', port: e2e.server.port });
    // The page comes through the relay (the same origin for it), so its uploads can be cut.
    context = await newContext(e2e.browser, `http://127.0.0.1:${relay.port}`);
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await signInWithToken(page, token, '/media');
    await page.getByText('Henüz medya bulunmuyor').waitFor();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('a video and a picture dropped together survive a network cut, going on from the offset; the video gets its poster and its length in a playlist', async () => {
    const { sent, heard } = watchTus(page);
    // About three seconds for the video at this speed.
    await throttleUploads(cdp, Math.max(8_000, Math.round(video.length / 3)));
    await drop(page, [
      { name: 'Tanıtım Videosu.mp4', type: 'video/mp4', data: video },
      { name: 'Kampanya Afişi.png', type: 'image/png', data: makePng(320, 180) },
    ]);
    expect(await page.getByLabel('Tanıtım Videosu.mp4 için medya adı').inputValue()).toBe('Tanıtım Videosu');
    expect(await page.getByLabel('Kampanya Afişi.png için medya adı').inputValue()).toBe('Kampanya Afişi');
    // Speed and time left, in Turkish ('18,3 KB/sn · 2 sn kaldı').
    await page.getByText(/^\d+(,\d)? (B|KB|MB)\/sn · (\d+ dk )?\d+ sn kaldı$/).first().waitFor();
    // Mid-way, the network goes.
    await expect.poll(() => percentOf(page, 'Tanıtım Videosu.mp4'), { timeout: waitBudgetMs() }).toBeGreaterThan(25);
    await relay.down();
    await page.getByText('Bağlantı kesildi; bağlantı gelince kaldığı yerden sürecek…').first().waitFor();
    await relay.up();
    // Back at full speed: what is left need not crawl (the test's time budget).
    await throttleUploads(cdp, -1);
    await page.getByTestId('media-card').nth(1).waitFor();
    await page.getByTestId('upload-row').first().waitFor({ state: 'detached' });

    // The video's bytes: once from 0 until the cut, then, after asking the server, only the rest.
    // The video's address: the one the server answered a HEAD for (the picture was not cut).
    const videoUrl = heard.find((h) => h.method === 'HEAD' && h.status === 200)?.url;
    expect(videoUrl).toBeTruthy();
    const patches = sent.filter((s) => s.url === videoUrl && s.method === 'PATCH');
    const asked = heard.filter((h) => h.url === videoUrl && h.method === 'HEAD' && h.status === 200);
    expect(patches[0]!.offset).toBe(0);
    const resumed = patches.at(-1)!;
    expect(asked.length).toBeGreaterThan(0);
    expect(resumed.offset).toBe(asked.at(-1)!.offset);
    expect(resumed.offset).toBeGreaterThan(0);

    // Both stored, the video ready with its poster and length (a playable MP4 is kept as it is).
    type M = { _id: string; name: string; status: string; size: number; posterUrl: string | null; durationSeconds: number | null };
    const media = await call<M[]>(e2e.server.url, token, '/api/media');
    expect(media.map((m) => m.name).sort()).toEqual(['Kampanya Afişi', 'Tanıtım Videosu']);
    const clip = media.find((m) => m.name === 'Tanıtım Videosu')!;
    expect([clip.status, clip.size]).toEqual(['ready', video.length]);
    expect(clip.posterUrl).toMatch(/^\/uploads\/.+\.webp$/);
    const card = page.getByTestId('media-card').filter({ hasText: 'Tanıtım Videosu' });
    expect(await card.locator('video').getAttribute('poster')).toContain(clip.posterUrl!.split('/').pop());
    // The poster really loads.
    expect((await fetch(`${e2e.server.url}${clip.posterUrl}`)).status).toBe(200);

    // In a playlist, the video's item starts with its length, rounded up (docs/PRODUCT.md#media-processing).
    await page.getByRole('link', { name: 'Playlistler' }).click();
    await page.waitForURL('**/playlists');
    await page.getByRole('checkbox', { name: 'Tanıtım Videosu' }).check();
    expect(await page.getByLabel('Tanıtım Videosu için süre (saniye)').inputValue()).toBe(String(Math.ceil(clip.durationSeconds!)));
  });

  it('pause then resume goes on from the server\'s offset; cancel ends the upload on the server', async () => {
    await page.getByRole('link', { name: 'Medya' }).click();
    await page.waitForURL('**/media');
    const { sent, heard } = watchTus(page);
    await throttleUploads(cdp, Math.max(8_000, Math.round(video.length / 3)));
    await drop(page, [
      { name: 'ikinci.mp4', type: 'video/mp4', data: video },
      { name: 'ucuncu.mp4', type: 'video/mp4', data: video },
    ]);
    await expect.poll(() => percentOf(page, 'ikinci.mp4'), { timeout: waitBudgetMs() }).toBeGreaterThan(25);
    await page.getByRole('button', { name: 'Duraklat: ikinci' }).click();
    await page.getByTestId('upload-row').filter({ hasText: 'ikinci.mp4' }).getByText('Duraklatıldı').waitFor();

    // Cancel the other one mid-way: its address is gone on the server.
    await page.getByRole('button', { name: 'İptal: ucuncu' }).click();
    await expect.poll(() => heard.filter((h) => h.method === 'DELETE').map((h) => h.status), { timeout: waitBudgetMs() }).toEqual([204]);
    const cancelled = heard.find((h) => h.method === 'DELETE')!.url;
    const head = await fetch(`${e2e.server.url}${cancelled}`, { method: 'HEAD', headers: { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' } });
    expect(head.status).toBe(404);
    expect(await page.getByTestId('upload-row').filter({ hasText: 'ucuncu.mp4' }).count()).toBe(0);

    await throttleUploads(cdp, -1);
    await page.getByRole('button', { name: 'Sürdür: ikinci' }).click();
    await page.getByRole('heading', { name: 'ikinci' }).waitFor();
    const paused = sent.find((s) => s.method === 'PATCH' && s.offset === 0 && s.url !== cancelled)!.url;
    const patches = sent.filter((s) => s.url === paused && s.method === 'PATCH');
    const asked = heard.filter((h) => h.url === paused && h.method === 'HEAD');
    expect(patches).toHaveLength(2);
    expect(patches[1]!.offset).toBe(asked.at(-1)!.offset);
    expect(patches[1]!.offset).toBeGreaterThan(0);
    const stored = await call<{ name: string; size: number }[]>(e2e.server.url, token, '/api/media');
    // Whole, byte for byte in length (tus refuses a PATCH from any other offset than the server's).
    expect(stored.find((m) => m.name === 'ikinci')?.size).toBe(video.length);
    expect(stored.map((m) => m.name)).not.toContain('ucuncu');
  });
});
