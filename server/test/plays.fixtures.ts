import { randomUUID } from 'node:crypto';
import type { TPlayRecord } from '@pano/contract';
import { newCustomer, type TestApp, type TestUser } from './harness.js';

/** A customer with a media, a screen and a device paired to that screen (device token in `device.auth`). */
export async function customerWithDevice(t: TestApp) {
  const user = await newCustomer(t);
  return { ...user, ...(await deviceFor(t, user)) };
}

export async function deviceFor(t: TestApp, user: TestUser, screenName = 'Giriş') {
  const screen = await t.ctx.db.screen.create({ data: { ownerId: user.id, name: screenName } });
  const media = await newMedia(t, user.id, 'Kampanya');
  const device = await t.ctx.db.device.create({ data: { ownerId: user.id, screenId: screen.id } });
  const token = await t.ctx.tokens.signDevice(device.id, user.id);
  return { screen, media, device: { id: device.id, auth: { Authorization: `Bearer ${token}` } } };
}

export const newMedia = (t: TestApp, ownerId: string, name: string) => t.ctx.db.media.create({
  data: { ownerId, name, fileName: `${randomUUID()}.png`, kind: 'image', mime: 'image/png', sizeBytes: 1000n },
});

/** One completed 10-second play, overridable. */
export const play = (screenId: string, mediaId: string, over: Partial<TPlayRecord> = {}): TPlayRecord => ({
  id: randomUUID(),
  screenId,
  mediaId,
  playlistId: null,
  scheduleId: null,
  startedAt: '2026-03-10T09:15:00.000Z',
  durationMs: 10_000,
  outcome: 'completed',
  ...over,
});
