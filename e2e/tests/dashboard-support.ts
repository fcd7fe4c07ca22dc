import { io, type Socket } from 'socket.io-client';
import { call } from '../support/api';
import { makePng } from '../support/media-files';
import { zipWith } from '../../server/src/storage/testing/sample-files';

// The API helper lives in support/api.ts (shared with player-fixtures.ts); re-exported for the tests.
export { call };

/**
 * Buys a catalogue package the way the purchase page does with the embedded dev card
 * processor: payment intent, the 4242 test card, complete-payment. A real purchase row
 * (card '**** 4242') results, so the sales report has something to show.
 */
export async function buyPackage(baseUrl: string, token: string, packageName: string): Promise<void> {
  const list = await call<{ _id: string; name: string }[]>(baseUrl, token, '/api/packages');
  const pkg = list.find((p) => p.name === packageName);
  if (!pkg) throw new Error(`package ${packageName} not in catalogue`);
  const intent = await call<{ completed: boolean; paymentIntentId?: string }>(baseUrl, token, '/api/purchase/create-payment-intent', {
    method: 'POST', body: { packageId: pkg._id },
  });
  if (intent.completed) return;
  await call(baseUrl, token, '/api/purchase/dev/confirm-card', {
    method: 'POST',
    body: { paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242', cardHolder: 'Deniz Müşteri', expiry: '12/34', cvc: '123' },
  });
  await call(baseUrl, token, '/api/purchase/complete-payment', { method: 'POST', body: { paymentIntentId: intent.paymentIntentId } });
}

/** One uploaded image and a playlist showing it; returns the playlist id. */
export async function createPlaylistWithImage(baseUrl: string, token: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('name', `${name} görseli`);
  form.append('file', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'afis.png');
  const up = await fetch(`${baseUrl}/api/media/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  if (!up.ok) throw new Error(`media upload → ${up.status} ${await up.text()}`);
  const media = (await up.json()) as { _id: string };
  const playlist = await call<{ _id: string }>(baseUrl, token, '/api/playlists', {
    method: 'POST', body: { name, mediaItems: [{ media: media._id, duration: 5 }] },
  });
  return playlist._id;
}

/** Pairs a "device" with the customer's mobile code and connects it as the player of `screenId`. */
export async function connectDevice(baseUrl: string, mobileCode: string, screenId: string): Promise<Socket> {
  const res = await fetch(`${baseUrl}/api/devices/pair`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mobileCode, name: 'Test cihazı' }),
  });
  if (!res.ok) throw new Error(`pair → ${res.status} ${await res.text()}`);
  const { deviceToken } = (await res.json()) as { deviceToken: string };
  // As the player does after pairing: only on the screen it is set to is its socket a player.
  await call(baseUrl, deviceToken, '/api/devices/screen', { method: 'PUT', body: { screenId } });
  const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { deviceToken, screenId }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit('player:hello', { screenId, version: null, appVersion: 'e2e' });
  return socket;
}

/** The smallest file the server accepts as an APK: the server tests' ZIP with AndroidManifest.xml. */
export const makeApk = (): Buffer =>
  zipWith({ 'AndroidManifest.xml': '<?xml version="1.0" encoding="utf-8"?><manifest package="app.pano.player"/>' });
