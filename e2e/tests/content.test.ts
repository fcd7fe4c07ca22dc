import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiLogin, apiRegister, signInWithToken, uniqueEmail } from '../support/accounts';
import { snap, waitBudgetMs } from '../support/browser';
import type { ContentUser } from '../support/content-user';
import { useE2E } from '../support/harness';
import { makePng, recordWebm } from '../support/media-files';
import { grantPackage } from '../support/packages';

const e2e = useE2E();

async function closeAlert(page: Page, text: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(text);
  await dialog.getByRole('button', { name: 'Tamam' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function apiGet<T>(user: ContentUser, path: string): Promise<T> {
  const res = await fetch(`${e2e.server.url}${path}`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function uploadImage(page: Page, name: string, rgb: [number, number, number]) {
  const before = await page.getByTestId('media-card').count();
  await page.getByLabel('Medya Adı').fill(name);
  await page.locator('#media-file').setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: makePng(160, 90, rgb) });
  await page.getByRole('button', { name: 'Yükle', exact: true }).click();
  // Through tus: a creation, a PATCH, then the list read again.
  await expect.poll(() => page.getByTestId('media-card').count(), { timeout: waitBudgetMs() }).toBe(before + 1);
}

// One customer walks the three pages in order, each step its own test: the playlist is made
// of the media uploaded before it. The account is made through the API (signing up in the
// browser is auth.test.ts's, buying is purchase-flows.test.ts's).
describe('content: media → playlist → ticker', () => {
  let page: Page;
  let context: BrowserContext;
  let errors: string[];
  let user: ContentUser;
  beforeAll(async () => {
    const email = uniqueEmail('musteri');
    await apiRegister(e2e.server.url, email);
    user = { email, token: await apiLogin(e2e.server.url, email) };
    if (!(await grantPackage({ baseUrl: e2e.server.url, token: user.token }))) throw new Error('the free-trial package could not be granted');
    ({ page, context, errors } = await e2e.newPage());
    await signInWithToken(page, user.token, '/settings');
  });

  it('media: no name or no image is refused with the spec alert or the server reason, nothing stored', async () => {
    await page.getByRole('link', { name: 'Medya' }).click();
    await page.waitForURL('**/media');
    await page.getByText('Henüz medya bulunmuyor').waitFor();
    const upload = page.getByRole('button', { name: 'Yükle', exact: true });
    expect(await upload.isDisabled()).toBe(true); // no file, no name
    await snap(page, 'content', '01-media-empty');

    // A blank (spaces only) name with a file: the spec alert, and nothing is uploaded.
    await page.getByLabel('Medya Adı').fill('   ');
    await page.locator('#media-file').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: makePng() });
    await upload.click();
    await closeAlert(page, 'Lütfen bir dosya seçin ve medya adı girin');
    expect(await apiGet<unknown[]>(user, '/api/media')).toHaveLength(0);

    // A file that is not an image or video (checked by content, not by name): the server's
    // reason after 'Yükleme hatası: ', and still nothing stored.
    await page.getByLabel('Medya Adı').fill('Sahte görsel');
    await page.locator('#media-file').setInputFiles({ name: 'sahte.png', mimeType: 'image/png', buffer: Buffer.from('bu bir metin dosyasıdır') });
    await upload.click();
    const rejected = page.getByRole('alertdialog');
    await rejected.waitFor();
    expect(await rejected.textContent()).toMatch(/Yükleme hatası: \S+/);
    await snap(page, 'content', '01b-media-upload-error');
    await rejected.getByRole('button', { name: 'Tamam' }).click();
    // Focus goes back to 'Yükle' (it was disabled while busy, so Chromium had dropped focus to the body).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Yükle');
    expect(await apiGet<unknown[]>(user, '/api/media')).toHaveLength(0);
  });

  it('media: an image uploads and clears the name; a throttled video shows its progress bar moving', async () => {
    await uploadImage(page, 'Kampanya Afişi', [37, 99, 235]);
    // Cleared after success: the card may come first (the server's push), the form's end after it.
    await expect.poll(() => page.getByLabel('Medya Adı').inputValue()).toBe('');

    // Video upload with the network throttled so the progress bar is seen moving.
    // Chromium reads an upload's body 16 KB at a time and reports progress per read: a file of
    // one read jumps from 0 to 100. A busy machine records fewer frames (a smaller file), so
    // the recording gets longer until the file spans several reads.
    let video = await recordWebm(page);
    for (let ms = 2400; video.length < 4 * 16_384 && ms <= 9600; ms *= 2) video = await recordWebm(page, ms);
    expect(video.length).toBeGreaterThan(4 * 16_384);
    expect(video.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // EBML (WebM) header
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: Math.max(8_000, Math.round(video.length / 3)),
    });
    await page.getByLabel('Medya Adı').fill('Tanıtım Videosu');
    // Every value the progress bar takes, recorded by the page itself as it changes.
    await page.evaluate(() => {
      const shown: number[] = [];
      (window as unknown as { __progress: number[] }).__progress = shown;
      const note = (node: Node) => {
        if (!(node instanceof Element)) return;
        for (const el of [node, ...Array.from(node.querySelectorAll('[role=progressbar]'))]) {
          if (el.getAttribute('role') === 'progressbar') shown.push(Number(el.getAttribute('aria-valuenow')));
        }
      };
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.type === 'attributes' ? [r.target] : Array.from(r.addedNodes)) note(n);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    await page.locator('#media-file').setInputFiles({ name: 'tanitim.webm', mimeType: 'video/webm', buffer: video });
    await page.getByRole('button', { name: 'Yükle', exact: true }).click();
    const bar = page.getByRole('progressbar', { name: 'Yükleme ilerlemesi' });
    await bar.waitFor();
    await page.getByRole('button', { name: 'Yükleniyor...' }).waitFor();
    await snap(page, 'content', '02-media-uploading');
    await bar.waitFor({ state: 'hidden', timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(seen.some((v) => v > 0 && v < 100), `progress shown: ${seen.join(', ')}`).toBe(true);
    await page.getByRole('heading', { name: 'Tanıtım Videosu' }).waitFor();
    // A WebM is converted to MP4 first (docs/PRODUCT.md#media-processing): the card says so, then
    // shows the video once the socket tells it the file is ready.
    await page.locator('.media-card video').waitFor({ timeout: 30_000 });
    expect(await page.locator('.media-card video').count()).toBe(1);
  });

  it('media: the list holds the four uploads with their types', async () => {
    await uploadImage(page, 'Menü', [22, 163, 74]);
    await uploadImage(page, 'Duyuru Görseli', [217, 119, 6]);
    const media = await apiGet<{ name: string; mediaType: string }[]>(user, '/api/media');
    expect(media.map((m) => m.name).sort()).toEqual(['Duyuru Görseli', 'Kampanya Afişi', 'Menü', 'Tanıtım Videosu']);
    expect(media.find((m) => m.name === 'Tanıtım Videosu')?.mediaType).toBe('Video');
    await page.locator('.media-card img').first().evaluate((img: HTMLImageElement) => img.decode());
    await snap(page, 'content', '03-media-list');
  });

  it('playlists: the spec alerts, then a playlist of the four media with a duration set', async () => {
    await page.getByRole('link', { name: 'Playlistler' }).click();
    await page.waitForURL('**/playlists');
    const create = page.getByRole('button', { name: 'Playlist Oluştur' });
    await create.click();
    await closeAlert(page, 'Lütfen en az bir medya seçiniz');
    for (const name of ['Kampanya Afişi', 'Tanıtım Videosu', 'Menü', 'Duyuru Görseli']) {
      await page.getByRole('checkbox', { name }).check();
    }
    await create.click();
    await closeAlert(page, 'Lütfen playlist adını giriniz');
    await page.getByLabel('Playlist Adı').fill('Lobi Ekranı');
    await page.getByLabel('Menü için süre (saniye)').fill('8');
    await snap(page, 'content', '04-playlist-form');
    await create.click();
    const card = page.getByTestId('playlist-card').filter({ hasText: 'Lobi Ekranı' });
    await card.waitFor();
    expect(await card.getByText('+1', { exact: true }).isVisible()).toBe(true);
    expect(await card.locator('.playlist-thumbs img, .playlist-thumbs video').count()).toBe(3);
    await snap(page, 'content', '05-playlist-list');
  });

  it('playlists: edit mode reorders by mouse and by keyboard, changes a duration and saves', async () => {
    const card = page.getByTestId('playlist-card').filter({ hasText: 'Lobi Ekranı' });
    // Edit mode: drag the first item below the second, change a duration, save.
    await card.getByRole('button', { name: 'Düzenle: Lobi Ekranı' }).click();
    // The editor (with drag and drop) loads on this click.
    await page.getByTestId('edit-item').first().waitFor();
    const names = () => page.getByTestId('edit-item-name').allTextContents();
    expect(await names()).toEqual(['Kampanya Afişi', 'Tanıtım Videosu', 'Menü', 'Duyuru Görseli']);
    // dnd-kit measures the list after a drag starts and slides the items after a drop: each
    // step waits for the list to have done so (a frame painted, its transitions over).
    const lifted = page.locator('.sortable-item.dragging');
    const atRest = async () => {
      await lifted.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelector('.sortable-list')!.getAnimations({ subtree: true }).length === 0);
    };
    const painted = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const handle = page.getByRole('button', { name: 'Kampanya Afişi öğesini taşı' });
    const from = (await handle.boundingBox())!;
    const target = (await page.getByTestId('edit-item').nth(1).boundingBox())!;
    const x = from.x + from.width / 2;
    await page.mouse.move(x, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, from.y + from.height / 2 + 8); // past the sensor's 4 px: the drag starts
    await lifted.waitFor();
    await painted();
    await page.mouse.move(x, target.y + target.height * 0.75, { steps: 12 });
    await page.mouse.up();
    await expect.poll(names).toEqual(['Tanıtım Videosu', 'Kampanya Afişi', 'Menü', 'Duyuru Görseli']);
    await atRest();

    // Keyboard reordering: focus a handle, Space to lift, ArrowUp, Space to drop.
    const last = page.getByRole('button', { name: 'Duyuru Görseli öğesini taşı' });
    await last.focus();
    await page.keyboard.press('Space');
    await page.locator('.sortable-item.dragging [aria-pressed=true]').waitFor();
    // The sensor takes keys from a listener it adds in a 0 ms timer; the page's own 0 ms timer,
    // queued after it, runs after it.
    await painted();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
    await page.keyboard.press('ArrowUp');
    // Moved up, and over the item above: dnd-kit moves the lifted item first and finds what it is
    // over in a later render, which then slides that item down. A drop before that would land
    // the item where it was.
    await page.waitForFunction(() => /translate3d\([^,]+, -/.test(document.querySelector<HTMLElement>('.sortable-item.dragging')?.style.transform ?? '')
      && Array.from(document.querySelectorAll<HTMLElement>('.sortable-item:not(.dragging)')).some((li) => /translate3d\([^,]+, [1-9]/.test(li.style.transform)));
    await page.keyboard.press('Space');
    await expect.poll(names).toEqual(['Tanıtım Videosu', 'Kampanya Afişi', 'Duyuru Görseli', 'Menü']);
    await atRest();

    const duration = page.getByLabel('Duyuru Görseli için süre (saniye)');
    await duration.fill('12');
    expect(await duration.inputValue()).toBe('12');
    await snap(page, 'content', '06-playlist-edit');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByRole('heading', { name: 'Playlistlerim' }).waitFor(); // back to the list
    type P = { name: string; mediaItems: { media: { name: string }; duration: number }[] };
    const [saved] = await apiGet<P[]>(user, '/api/playlists');
    // The video's item started with its own length, rounded up (docs/PRODUCT.md#media-processing).
    const media = await apiGet<{ name: string; durationSeconds: number | null }[]>(user, '/api/media');
    const length = media.find((m) => m.name === 'Tanıtım Videosu')?.durationSeconds;
    expect(length).toBeGreaterThan(0);
    expect(saved!.mediaItems.map((i) => [i.media.name, i.duration])).toEqual([
      ['Tanıtım Videosu', Math.ceil(length!)], ['Kampanya Afişi', 5], ['Duyuru Görseli', 12], ['Menü', 8],
    ]);
  });

  it('ticker: the spec alerts, then a fast ticker playlist of two texts', async () => {
    await page.getByRole('link', { name: 'Reji' }).click();
    await page.waitForURL('**/direction');
    expect(await page.getByLabel('Hız').first().inputValue()).toBe('3'); // Normal by default
    await page.getByRole('button', { name: 'Yazı Ekle' }).click();
    await closeAlert(page, 'Lütfen bir metin girin');
    await page.getByRole('button', { name: 'Playlist Oluştur' }).click();
    await closeAlert(page, 'Lütfen playlist adı girin ve en az bir yazı ekleyin');
    await page.getByLabel('Playlist Adı').fill('Duyurular');
    await page.getByLabel('Hız').first().selectOption({ label: 'Hızlı' });
    await page.getByLabel('Yazı', { exact: true }).fill('Hoş geldiniz');
    await page.getByRole('button', { name: 'Yazı Ekle' }).click();
    await page.getByLabel('Yazı', { exact: true }).fill('Kampanya bugün son gün');
    await page.getByLabel('Yazı', { exact: true }).press('Enter');
    await snap(page, 'content', '07-ticker-form');
    await page.getByRole('button', { name: 'Playlist Oluştur' }).click();
    const ticker = page.getByTestId('ticker-card').filter({ hasText: 'Duyurular' });
    await ticker.waitFor();
    expect(await ticker.textContent()).toContain('Hızlı');
  });

  it('ticker: the edit modal takes focus, makes the page inert, adds a text and slows it down', async () => {
    const ticker = page.getByTestId('ticker-card').filter({ hasText: 'Duyurular' });
    // Edit in the modal: add a text and slow it down.
    await ticker.getByRole('button', { name: 'Düzenle: Duyurular' }).click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    // Focus starts on the first field (not the × button) and the page behind is inert.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('id') ?? document.activeElement?.tagName))
      .toBe(await modal.locator('input, select, textarea').first().evaluate((el) => el.getAttribute('id') ?? el.tagName));
    // The page behind is inert: it is a native modal <dialog>, focus cannot be put on the page
    // behind, and Tab, however often pressed, never lands there.
    expect(await modal.evaluate((d) => d.tagName === 'DIALOG' && d.matches(':modal'))).toBe(true);
    expect(await page.evaluate(() => {
      const behind = document.querySelector<HTMLElement>('#root button')!;
      behind.focus();
      return document.activeElement === behind;
    })).toBe(false);
    const tabbable = await modal.locator('a[href], button:not([disabled]), input, select, textarea').count();
    for (let i = 0; i < tabbable + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('#root')!.contains(document.activeElement))).toBe(false);
    }
    await modal.getByLabel('Yazı', { exact: true }).fill('Otopark girişi B kapısında');
    await modal.getByRole('button', { name: 'Yazı Ekle' }).click();
    await modal.getByLabel('Hız').selectOption({ label: 'Yavaş' });
    await snap(page, 'content', '08-ticker-edit');
    await modal.getByRole('button', { name: 'Kaydet' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => ticker.textContent()).toContain('3 yazı');
    const [tk] = await apiGet<{ speed: number; directions: { text: string }[] }[]>(user, '/api/direction-playlists');
    expect(tk!.speed).toBe(2);
    expect(tk!.directions.map((d) => d.text)).toEqual(['Hoş geldiniz', 'Kampanya bugün son gün', 'Otopark girişi B kapısında']);
    await snap(page, 'content', '09-ticker-list');

    // The deliberate 415 above is logged by Chromium as a failed resource; nothing else may be.
    expect(errors.filter((e) => !e.includes('favicon') && !e.includes('status of 415'))).toEqual([]);
  });
});
