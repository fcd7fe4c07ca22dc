import { beforeAll, describe, expect, it } from 'vitest';
import { waitBudgetMs } from '../support/browser';
import type { Locator, Page, Request } from 'playwright-core';
import { apiLogin, apiRegister, apiRegisterAdmin, signInWithToken, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';
import { makePng } from '../support/media-files';
import { buyPackage, call, createPlaylistWithImage } from './dashboard-support';

// Issue #21 item 8: every create and send happens once per press, whatever the timing
// (docs/architecture/web.md#web). Each form is pressed three ways: Chromium's own double-click,
// two clicks in one task (before React can re-render the button as busy), and a human-speed
// double-click whose second click lands after the first one's request has already finished.

const e2e = useE2E();

type Press = 'dblclick' | 'two clicks in one task' | 'slow double-click';

/** POSTs the page sends to `path`, and those still open. */
function watchPosts(page: Page, path: string) {
  const sent: Request[] = [];
  const open = new Set<Request>();
  const mine = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === path;
  page.on('request', (r) => {
    if (!mine(r)) return;
    sent.push(r);
    open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return { sent, open };
}

/**
 * Presses `button` as `how` says, then waits until the first send is answered and the form
 * has settled (`settled`), and checks that exactly one POST went out and one thing exists.
 */
async function pressOnce(page: Page, opts: {
  button: Locator; how: Press; path: string; count: () => Promise<number>; settled: () => Promise<boolean>;
  /** A send that asks first (alerts): confirm the dialog the press opened. */
  confirm?: string;
}) {
  const posts = watchPosts(page, opts.path);
  const before = await opts.count();
  if (opts.how === 'dblclick') {
    await opts.button.dblclick();
  } else if (opts.how === 'two clicks in one task') {
    await opts.button.evaluate((b: HTMLElement) => {
      b.click();
      b.click();
    });
  } else {
    await opts.button.scrollIntoViewIfNeeded();
    const box = (await opts.button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down({ clickCount: 1 });
    await page.mouse.up({ clickCount: 1 });
    await expect.poll(opts.count, { timeout: waitBudgetMs() }).toBe(before + 1);
    await expect.poll(() => opts.button.isEnabled(), { timeout: waitBudgetMs() }).toBe(true);
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });
  }
  if (opts.confirm) {
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: opts.confirm, exact: true }).click();
  }
  await expect.poll(() => posts.sent.length > 0 && posts.open.size === 0, { timeout: waitBudgetMs() }).toBe(true);
  await expect.poll(opts.settled, { timeout: waitBudgetMs() }).toBe(true);
  expect(posts.sent).toHaveLength(1);
  expect(await opts.count()).toBe(before + 1);
  // No second confirm queued, no validation alert over the success.
  expect(await page.getByRole('alertdialog').count()).toBe(0);
}

const PRESSES: Press[] = ['dblclick', 'two clicks in one task', 'slow double-click'];
// Where the first press closes the form, empties it into a disabled button or asks first, a
// slow second click has nothing to press: these forms get the two fast ways.
const FAST: Press[] = PRESSES.slice(0, 2);

describe('create buttons: one press, one thing', () => {
  let page: Page;
  let token: string;
  let adminToken: string;
  const count = (path: string, t = () => token) => async () => (await call<unknown[]>(e2e.server.url, t(), path)).length;

  beforeAll(async () => {
    const email = uniqueEmail('tekbasim');
    await apiRegister(e2e.server.url, email);
    token = await apiLogin(e2e.server.url, email);
    await buyPackage(e2e.server.url, token, 'Profesyonel');
    await createPlaylistWithImage(e2e.server.url, token, 'Hazır');
    await (call<{ _id: string }>(e2e.server.url, token, '/api/screens', { method: 'POST', body: { name: 'Lobi' } }));
    const adminEmail = uniqueEmail('tekyonetici');
    await apiRegisterAdmin(e2e.server.url, adminEmail);
    adminToken = await apiLogin(e2e.server.url, adminEmail);
    ({ page } = await e2e.newPage());
    await signInWithToken(page, token, '/playlists');
  });

  const visit = async (path: string, as = () => token) => {
    if (as() !== token) await signInWithToken(page, as(), path);
    else await page.goto(path);
  };

  it.each(PRESSES)('playlist: %s', async (how) => {
    await visit('/playlists');
    const name = page.getByLabel('Playlist Adı');
    await name.fill(`Liste ${how}`);
    await page.locator('.picker-item').first().click();
    await pressOnce(page, {
      button: page.getByRole('button', { name: 'Playlist Oluştur' }), how, path: '/api/playlists', count: count('/api/playlists'),
      settled: async () => (await name.inputValue()) === '',
    });
  });

  it.each(PRESSES)('ticker: %s', async (how) => {
    await visit('/direction');
    await page.locator('#new-name').fill(`Reji ${how}`);
    await page.locator('#new-text').fill('Hoş geldiniz');
    await page.getByRole('button', { name: 'Yazı Ekle' }).click();
    await pressOnce(page, {
      button: page.getByRole('button', { name: 'Playlist Oluştur' }), how, path: '/api/direction-playlists',
      count: count('/api/direction-playlists'), settled: async () => (await page.locator('#new-name').inputValue()) === '',
    });
  });

  it.each(PRESSES)('screen: %s', async (how) => {
    await visit('/screens');
    const name = page.getByLabel('Ekran Adı');
    await name.fill(`Ekran ${how}`);
    await pressOnce(page, {
      button: page.getByRole('button', { name: 'Ekran Ekle' }), how, path: '/api/screens', count: count('/api/screens'),
      settled: async () => (await name.inputValue()) === '' && (await page.getByText('Ekran adı zorunludur').count()) === 0,
    });
  });

  it.each(PRESSES)('screen group: %s', async (how) => {
    await visit('/screens');
    const name = page.locator('#new-group-name');
    await name.fill(`Grup ${how}`);
    await pressOnce(page, {
      button: page.getByRole('button', { name: 'Grup Oluştur', exact: true }), how, path: '/api/screen-groups', count: count('/api/screen-groups'),
      settled: async () => (await name.inputValue()) === '' && (await page.locator('.field-error').count()) === 0,
    });
  });

  it.each(FAST)('media: %s', async (how) => {
    await visit('/media');
    const name = page.getByLabel('Medya Adı');
    await name.fill(`Afiş ${how}`);
    await page.locator('#media-file').setInputFiles({ name: 'afis.png', mimeType: 'image/png', buffer: makePng() });
    await pressOnce(page, {
      button: page.getByRole('button', { name: 'Yükle', exact: true }), how, path: '/api/uploads', count: count('/api/media'),
      settled: async () => (await name.inputValue()) === '',
    });
  });

  it.each(FAST)('API key: %s', async (how) => {
    await visit('/settings');
    await page.getByLabel('Anahtar adı').fill(`Panel ${how}`);
    await pressOnce(page, {
      button: page.getByRole('button', { name: 'Anahtar Oluştur' }), how, path: '/api/api-keys', count: count('/api/api-keys'),
      settled: async () => (await page.getByTestId('api-key-secret').count()) === 1,
    });
    await page.getByRole('button', { name: 'Kaydettim, kapat' }).click();
  });

  it.each(FAST)('alert: %s', async (how) => {
    await visit('/alerts');
    const title = page.locator('#alert-send-form').getByLabel('Başlık');
    await title.fill(`Kod Mavi ${how}`);
    await page.locator('#alert-send-form').getByLabel('Duyuru metni').fill('3. kat');
    const sent = count('/api/alerts');
    await pressOnce(page, {
      button: page.locator('#alert-send-form').getByRole('button', { name: 'Gönder', exact: true }), how, path: '/api/alerts',
      count: sent, confirm: 'Gönder', settled: async () => (await title.inputValue()) === '',
    });
    // Ended again, so the next press starts from no active alert.
    for (const a of await call<{ _id: string; active: boolean }[]>(e2e.server.url, token, '/api/alerts')) {
      if (a.active) await call(e2e.server.url, token, `/api/alerts/${a._id}`, { method: 'DELETE' });
    }
  });

  it.each(FAST)('alert template: %s', async (how) => {
    await visit('/alerts');
    await page.getByRole('button', { name: 'Yeni Şablon' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Şablon adı').fill(`Tahliye ${how}`);
    await modal.getByLabel('Başlık').fill('Yangın');
    await modal.getByLabel('Duyuru metni').fill('Binayı terk edin');
    await pressOnce(page, {
      button: modal.getByRole('button', { name: 'Kaydet' }), how, path: '/api/alert-templates', count: count('/api/alert-templates'),
      settled: async () => (await page.getByRole('dialog').count()) === 0,
    });
  });

  it.each(FAST)('schedule: %s', async (how) => {
    await visit('/schedule');
    await page.getByRole('button', { name: 'Yeni Zamanlama' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Zamanlama Adı').fill(`Öğle ${how}`);
    await modal.locator('select[name="playlist"]').selectOption({ label: 'Hazır' });
    await modal.locator(`input[name="screens"]`).first().check();
    await pressOnce(page, {
      button: modal.getByRole('button', { name: 'Oluştur', exact: true }), how, path: '/api/schedules', count: count('/api/schedules'),
      settled: async () => (await page.getByRole('dialog').count()) === 0,
    });
  });

  it.each(FAST)('package (admin): %s', async (how) => {
    await visit('/admin/packages', () => adminToken);
    await page.getByRole('button', { name: 'Yeni Paket Oluştur' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Paket Adı').fill(`Paket ${how}`);
    await modal.locator('input[name="price"]').fill('10');
    await modal.locator('textarea[name="description"]').fill('Deneme paketi');
    for (const field of ['maxMediaUpload', 'maxScreens', 'maxPlaylists', 'duration']) await modal.locator(`input[name="${field}"]`).fill('5');
    await pressOnce(page, {
      button: modal.getByRole('button', { name: 'Oluştur', exact: true }), how, path: '/api/packages/admin',
      count: count('/api/packages/admin', () => adminToken), settled: async () => (await page.getByRole('dialog').count()) === 0,
    });
  });
});
