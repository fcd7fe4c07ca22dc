import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { snap } from '../support/browser';
import { apiLogin, apiRegister, apiRegisterAdmin, signInWithToken, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';
import { makePng } from '../support/media-files';
import { grantPackage } from '../support/packages';
import { call } from './dashboard-support';

const e2e = useE2E();
const FLOW = 'delete-usage';

type Ref = { _id: string };

async function uploadImage(token: string, name: string): Promise<Ref> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'logo.png');
  const res = await fetch(`${e2e.server.url}/api/media/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  if (!res.ok) throw new Error(`upload → ${res.status} ${await res.text()}`);
  return (await res.json()) as Ref;
}

/** A device paired with the customer's mobile code that has chosen `screenId`, as the player does. */
async function pairDeviceOn(token: string, screenId: string) {
  const base = e2e.server.url;
  const { user } = await call<{ user: { _id: string } }>(base, token, '/api/auth/verify');
  const { mobileCode } = await call<{ mobileCode: string }>(base, token, `/api/purchase/my-package/${user._id}`);
  const paired = await fetch(`${base}/api/devices/pair`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mobileCode, name: 'Lobi kiosk' }),
  });
  const { deviceToken } = (await paired.json()) as { deviceToken: string };
  await call(base, deviceToken, '/api/devices/screen', { method: 'PUT', body: { screenId } });
}

/** Clicks 'Sil' on the item, returns the dialog's text, screenshots it, and cancels. */
async function confirmText(page: Page, itemName: string, step: string): Promise<string> {
  // What became of the usage lookup, for the failure message: sent or not, answered or not, when.
  const clicked = performance.now();
  const since = () => `${((performance.now() - clicked) / 1000).toFixed(1)} s`;
  const lookup: string[] = [];
  const isUsage = (r: Request) => new URL(r.url()).pathname.endsWith('/usage');
  const onRequest = (r: Request) => { if (isUsage(r)) lookup.push(`sent ${new URL(r.url()).pathname} at ${since()}`); };
  const onFinished = (r: Request) => { if (isUsage(r)) lookup.push(`answered at ${since()}`); };
  const onFailed = (r: Request) => { if (isUsage(r)) lookup.push(`failed at ${since()}: ${r.failure()?.errorText ?? ''}`); };
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  await page.getByRole('button', { name: `Sil: ${itemName}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor().catch(async (err: unknown) => {
    // If it does not come, what the page and the server were doing:
    const body = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 600));
    throw new Error(`${String(err)}\nurl ${page.url()}; usage lookup: ${lookup.join(', ') || 'never sent'} (now ${since()}); `
      + `page: ${body}\nserver log: ${e2e.server.output().slice(-3000)}`);
  }).finally(() => {
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFailed);
  });
  const text = (await dialog.textContent()) ?? '';
  await snap(page, FLOW, step);
  await dialog.getByRole('button', { name: 'İptal' }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

describe('delete confirmations name what is in use', () => {
  // The customer, their content and the paired device are made through the API (signing up
  // and buying in the browser are auth.test.ts's and purchase-flows.test.ts's); the pages
  // under test are opened signed in, one focused test per confirmation.
  let page: Page;
  let errors: string[];
  let token: string;
  beforeAll(async () => {
    const base = e2e.server.url;
    const email = uniqueEmail('musteri');
    await apiRegister(base, email);
    token = await apiLogin(base, email);
    if (!(await grantPackage({ baseUrl: base, token }))) throw new Error('the free-trial package could not be granted');
    const logo = await uploadImage(token, 'Logo');
    const [lobi, , ticker, giris] = await Promise.all([
      call<Ref>(base, token, '/api/playlists', { method: 'POST', body: { name: 'Lobi', mediaItems: [{ media: logo._id, duration: 5 }] } }),
      call(base, token, '/api/playlists', { method: 'POST', body: { name: 'Kafeterya', mediaItems: [{ media: logo._id, duration: 5 }] } }),
      call<Ref>(base, token, '/api/direction-playlists', { method: 'POST', body: { name: 'Duyurular', directions: [{ text: 'Hoş geldiniz' }] } }),
      call<Ref>(base, token, '/api/screens', { method: 'POST', body: { name: 'Giriş', status: 'active' } }),
    ]);
    await call(base, token, `/api/screens/${giris._id}`, { method: 'PUT', body: { currentPlaylist: lobi._id, currentDirectionPlaylist: ticker._id } });
    await pairDeviceOn(token, giris._id);
    let context: BrowserContext;
    ({ page, context, errors } = await e2e.newPage());
    // Signed in from the first page load on: a navigation that cut off the session check of a
    // page still loading would count as a failed check and sign the page out.
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
  });

  it('media: the playlists it is in and the screens showing it', async () => {
    await page.goto('/media');
    expect(await confirmText(page, 'Logo', '01-media')).toContain(
      'Bu medya 2 playlistte kullanılıyor: Kafeterya, Lobi. Şu anda 1 ekranda gösteriliyor: Giriş. Silinirse bu playlistlerden çıkarılır.'
      + 'Bu medyayı silmek istediğinizden emin misiniz?');
  });

  it('playlist: the screens it is assigned to; an unassigned one only asks', async () => {
    await page.goto('/playlists');
    expect(await confirmText(page, 'Lobi', '02-playlist')).toContain('Bu playlist 1 ekrana atanmış: Giriş.');
    // Not assigned anywhere: only the question.
    const unused = await confirmText(page, 'Kafeterya', '03-playlist-unused');
    expect(unused).not.toContain('atanmış');
    expect(unused).toContain('Bu playlisti silmek istediğinizden emin misiniz?');
  });

  it('ticker and screen: the screens assigned, the devices paired', async () => {
    await page.goto('/direction');
    expect(await confirmText(page, 'Duyurular', '04-ticker')).toContain('Bu reji playlisti 1 ekrana atanmış: Giriş.');

    await page.goto('/screens');
    expect(await confirmText(page, 'Giriş', '05-screen')).toContain('Bu ekrana eşleştirilmiş 1 cihaz var.');
  });

  it('confirming still deletes: the media goes, and with it the playlists\' only item', async () => {
    await page.goto('/media');
    await page.getByRole('button', { name: 'Sil: Logo' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sil' }).click();
    await page.getByText('Henüz medya bulunmuyor').waitFor();
    expect(await call<unknown[]>(e2e.server.url, token, '/api/media')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the admin deleting the free-trial package this customer is using', async () => {
    const base = e2e.server.url;
    const admin = await e2e.newPage();
    const adminEmail = uniqueEmail('admin');
    await apiRegisterAdmin(base, adminEmail);
    await signInWithToken(admin.page, await apiLogin(base, adminEmail), '/admin/packages');
    const packages = await call<{ name: string; price: number }[]>(base, token, '/api/packages');
    const trial = packages.find((p) => Number(p.price) === 0)!;
    await admin.page.getByTestId('package-row').first().waitFor();
    const text = await confirmText(admin.page, trial.name, '06-package');
    expect(text).toContain('Bu paketi 1 müşteri satın aldı. 1 müşterinin paketi hâlâ sürüyor;');
    expect(text).toContain('Bu paketi silmek istediğinizden emin misiniz?');
    expect(admin.errors).toEqual([]);
  });
});
