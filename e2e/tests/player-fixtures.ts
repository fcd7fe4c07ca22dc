import type { Page } from 'playwright-core';
import { vi } from 'vitest';
import { call } from '../support/api';
import { apiLogin, apiRegister, uniqueEmail } from '../support/accounts';
import { waitBudgetMs } from '../support/browser';
import { makePng } from '../support/media-files';
import { grantPackage } from '../support/packages';

/** Helpers of the player browser tests: a customer set up entirely through the public API. */

// The API helper lives in support/api.ts (shared with dashboard-support.ts); re-exported for the tests.
export { call };

export type Customer = { baseUrl: string; token: string; userId: string; mobileCode: string };

/** A customer with a running package (free trial) and its mobile code. */
export async function customerWithPackage(baseUrl: string): Promise<Customer> {
  const email = uniqueEmail('ekran');
  await apiRegister(baseUrl, email);
  const token = await apiLogin(baseUrl, email);
  if (!(await grantPackage({ baseUrl, token }))) throw new Error('could not buy the free trial through the API');
  const { user } = await call<{ user: { _id: string } }>(baseUrl, token, '/api/auth/verify');
  const pkg = await call<{ mobileCode: string | null }>(baseUrl, token, `/api/purchase/my-package/${user._id}`);
  if (!pkg.mobileCode) throw new Error('the running package has no mobile code');
  return { baseUrl, token, userId: user._id, mobileCode: pkg.mobileCode };
}

export type UploadedMedia = { _id: string; filePath: string };

export async function uploadPng(c: Customer, name: string, rgb: [number, number, number]): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(makePng(320, 180, rgb))], { type: 'image/png' }), `${name}.png`);
  const res = await fetch(`${c.baseUrl}/api/media/upload`, { method: 'POST', headers: { Authorization: `Bearer ${c.token}` }, body: form });
  if (!res.ok) throw new Error(`upload → ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadedMedia;
}

export async function uploadWebm(c: Customer, webm: Buffer, name = 'klip'): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(webm)], { type: 'video/webm' }), `${name}.webm`);
  const res = await fetch(`${c.baseUrl}/api/media/upload`, { method: 'POST', headers: { Authorization: `Bearer ${c.token}` }, body: form });
  if (!res.ok) throw new Error(`upload → ${res.status} ${await res.text()}`);
  return readyMedia(c, (await res.json()) as UploadedMedia & { status?: string });
}

/**
 * A WebM is converted to an H.264 MP4 after its upload (docs/PRODUCT.md#media-processing): the
 * item once it is ready, with its new address.
 */
async function readyMedia(c: Customer, uploaded: UploadedMedia & { status?: string }): Promise<UploadedMedia> {
  if (uploaded.status !== 'processing') return uploaded;
  const item = await vi.waitFor(async () => {
    const list = await call<(UploadedMedia & { status?: string })[]>(c.baseUrl, c.token, '/api/media');
    const found = list.find((m) => m._id === uploaded._id);
    if (found?.status === 'processing') throw new Error(`media ${uploaded._id} still processing`);
    return found;
  }, { timeout: 2 * waitBudgetMs(), interval: 100 });
  if (item?.status !== 'ready') throw new Error(`media ${uploaded._id} ended ${item?.status ?? 'deleted'}`);
  return item;
}

export async function createPlaylist(c: Customer, name: string, items: { media: UploadedMedia; duration: number }[]): Promise<string> {
  const p = await call<{ _id: string }>(c.baseUrl, c.token, '/api/playlists', {
    method: 'POST', body: { name, mediaItems: items.map((i) => ({ media: i.media._id, duration: i.duration })) },
  });
  return p._id;
}

/** A device paired by the customer's mobile code and put on a screen, through the API. */
export async function pairToScreen(baseUrl: string, c: Customer, screenId: string): Promise<{ deviceToken: string }> {
  const paired = await fetch(`${baseUrl}/api/devices/pair`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mobileCode: c.mobileCode }),
  }).then((r) => r.json() as Promise<{ deviceToken: string }>);
  await call(baseUrl, paired.deviceToken, '/api/devices/screen', { method: 'PUT', body: { screenId } });
  return paired;
}

/**
 * Opens the shipped player on `page` as a paired device: its credentials stored the way the
 * pairing view stores them, then the page loaded again to start with them.
 */
export async function openAsPairedDevice(page: Page, creds: { deviceToken: string; screenId: string }): Promise<void> {
  await page.goto('/player/');
  await page.evaluate((c) => localStorage.setItem('pano.device', JSON.stringify(c)), creds);
  await page.reload();
}

export async function createScreen(c: Customer, name: string): Promise<string> {
  return (await call<{ _id: string }>(c.baseUrl, c.token, '/api/screens', { method: 'POST', body: { name, status: 'active' } }))._id;
}

export async function assign(c: Customer, screenId: string, playlistId: string): Promise<void> {
  await call(c.baseUrl, c.token, `/api/screens/${screenId}`, { method: 'PUT', body: { currentPlaylist: playlistId } });
}

/** The file names of what the player has on screen now (the visible layer). */
export async function visibleMedia(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLImageElement | HTMLVideoElement>('[data-testid=player-image],[data-testid=player-video]'))
      .filter((el) => el.style.opacity === '1')
      .map((el) => new URL(el.getAttribute('src') ?? '', location.href).pathname));
}

/** Waits until the visible item is `filePath`, polling the page. */
export async function waitForVisible(page: Page, filePath: string, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction((p) =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid=player-image],[data-testid=player-video]'))
      .some((el) => el.style.opacity === '1' && new URL(el.getAttribute('src') ?? '', location.href).pathname === p
        && (!(el instanceof HTMLImageElement) || (el.complete && el.naturalWidth > 0))),
  filePath, { timeout: timeoutMs, polling: 100 });
}

/**
 * The wall: `page` opens the shipped player, pairs with the customer's mobile code, chooses the
 * screen named `screenName` and waits until `filePath` shows.
 */
export async function pairPlayer(page: Page, mobileCode: string, screenName: string, filePath: string): Promise<void> {
  await page.goto('/player/');
  await page.getByLabel('Mobil kod').fill(mobileCode);
  await page.getByRole('button', { name: 'Eşleştir' }).click();
  await page.getByRole('button', { name: screenName }).click();
  await waitForVisible(page, filePath);
}
