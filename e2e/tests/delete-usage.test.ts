import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser';
import { apiRegisterAdmin, loginThroughUi, uniqueEmail } from '../support/accounts';
import { signInContentUser } from '../support/content-user';
import { useE2E } from '../support/harness';
import { makePng } from '../support/media-files';
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
  await page.getByRole('button', { name: `Sil: ${itemName}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? '';
  await snap(page, FLOW, step);
  await dialog.getByRole('button', { name: 'İptal' }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

describe('delete confirmations name what is in use', () => {
  it('media, playlist, ticker and screen in use; then the package the customer bought, as the admin', async () => {
    const { page, errors } = await e2e.newPage();
    const base = e2e.server.url;
    const { token } = await signInContentUser(page, base);
    const logo = await uploadImage(token, 'Logo');
    const lobi = await call<Ref>(base, token, '/api/playlists', { method: 'POST', body: { name: 'Lobi', mediaItems: [{ media: logo._id, duration: 5 }] } });
    await call(base, token, '/api/playlists', { method: 'POST', body: { name: 'Kafeterya', mediaItems: [{ media: logo._id, duration: 5 }] } });
    const ticker = await call<Ref>(base, token, '/api/direction-playlists', { method: 'POST', body: { name: 'Duyurular', directions: [{ text: 'Hoş geldiniz' }] } });
    const giris = await call<Ref>(base, token, '/api/screens', { method: 'POST', body: { name: 'Giriş', status: 'active' } });
    await call(base, token, `/api/screens/${giris._id}`, { method: 'PUT', body: { currentPlaylist: lobi._id, currentDirectionPlaylist: ticker._id } });
    await pairDeviceOn(token, giris._id);

    await page.goto('/media');
    expect(await confirmText(page, 'Logo', '01-media')).toContain(
      'Bu medya 2 playlistte kullanılıyor: Kafeterya, Lobi. Şu anda 1 ekranda gösteriliyor: Giriş. Silinirse bu playlistlerden çıkarılır.'
      + 'Bu medyayı silmek istediğinizden emin misiniz?');

    await page.goto('/playlists');
    expect(await confirmText(page, 'Lobi', '02-playlist')).toContain('Bu playlist 1 ekrana atanmış: Giriş.');
    // Not assigned anywhere: only the question.
    const unused = await confirmText(page, 'Kafeterya', '03-playlist-unused');
    expect(unused).not.toContain('atanmış');
    expect(unused).toContain('Bu playlisti silmek istediğinizden emin misiniz?');

    await page.goto('/direction');
    expect(await confirmText(page, 'Duyurular', '04-ticker')).toContain('Bu reji playlisti 1 ekrana atanmış: Giriş.');

    await page.goto('/screens');
    expect(await confirmText(page, 'Giriş', '05-screen')).toContain('Bu ekrana eşleştirilmiş 1 cihaz var.');

    // Confirming still deletes: the media goes, and with it the playlists' only item.
    await page.goto('/media');
    await page.getByRole('button', { name: 'Sil: Logo' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sil' }).click();
    await page.getByText('Henüz medya bulunmuyor').waitFor();
    expect(await call<unknown[]>(base, token, '/api/media')).toEqual([]);
    expect(errors).toEqual([]);

    // The admin deleting the free-trial package this customer is using.
    const admin = await e2e.newPage();
    const adminEmail = uniqueEmail('admin');
    await apiRegisterAdmin(base, adminEmail);
    await loginThroughUi(admin.page, adminEmail, undefined, '/admin/packages');
    const packages = await call<{ name: string; price: number }[]>(base, token, '/api/packages');
    const trial = packages.find((p) => Number(p.price) === 0)!;
    await admin.page.getByTestId('package-row').first().waitFor();
    const text = await confirmText(admin.page, trial.name, '06-package');
    expect(text).toContain('Bu paketi 1 müşteri satın aldı. 1 müşterinin paketi hâlâ sürüyor;');
    expect(text).toContain('Bu paketi silmek istediğinizden emin misiniz?');
    expect(admin.errors).toEqual([]);
  });
});
