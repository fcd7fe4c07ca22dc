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
  // Paired on this screen long before any play a test sends (the fixed 2026 dates below, or a
  // test clock): plays count only from when a device served its screen. A fixed instant, not
  // 'a year ago', so the fixed dates stay inside it whenever the suite runs.
  const device = await t.ctx.db.device.create({ data: { ownerId: user.id, screenId: screen.id, createdAt: PAIRED_AT } });
  const token = await t.ctx.tokens.signDevice(device.id, user.id);
  return { screen, media, device: { id: device.id, auth: { Authorization: `Bearer ${token}` } } };
}

export const newMedia = (t: TestApp, ownerId: string, name: string) => t.ctx.db.media.create({
  data: { ownerId, name, fileName: `${randomUUID()}.png`, kind: 'image', mime: 'image/png', sizeBytes: 1000n },
});

export const DAY_MS = 24 * 3600 * 1000;
const PAIRED_AT = new Date('2020-01-01T00:00:00Z');

let nextStart = 0;
/**
 * One completed 10-second play, overridable. Each starts 10 s after the one made before it
 * (from 2026-03-10T09:15:00Z), so that plays of a screen never overlap unless a test says so.
 */
export const play = (screenId: string, mediaId: string, over: Partial<TPlayRecord> = {}): TPlayRecord => ({
  id: randomUUID(),
  screenId,
  mediaId,
  playlistId: null,
  scheduleId: null,
  startedAt: new Date(Date.parse('2026-03-10T09:15:00.000Z') + 10_000 * nextStart++).toISOString(),
  durationMs: 10_000,
  outcome: 'completed',
  ...over,
});
