import { expect, vi } from 'vitest';
import { ZMedia, type TMedia } from '@pano/contract';
import type { Media } from '../../db/generated/client.js';
import type { TestApp, TestUser } from '../../../test/harness.js';

/**
 * The row once its `media.process` job has ended (it runs in the test's own process). Tests that
 * upload a file needing conversion wait for it, so no job still writes files during the next test.
 */
export function processed(t: TestApp, mediaId: string): Promise<Media> {
  return vi.waitFor(async () => {
    const row = await t.ctx.db.media.findUniqueOrThrow({ where: { id: mediaId } });
    expect(row.status).not.toBe('processing');
    return row;
  }, { timeout: 30_000, interval: 50 });
}

/** The item as GET /api/media lists it to its owner once its job has ended (ready or failed). */
export function listedWhenProcessed(t: TestApp, u: TestUser, mediaId: string): Promise<TMedia> {
  return vi.waitFor(async () => {
    const list = ZMedia.array().parse((await t.http.get('/api/media').set(u.auth).expect(200)).body);
    const item = list.find((m) => m._id === mediaId)!;
    expect(item.status).not.toBe('processing');
    return item;
  }, { timeout: 60_000, interval: 50 });
}

/** The item as its owner's list shows it once its replacement's job has ended (swapped in, or failed). */
export function replacedWhenProcessed(t: TestApp, u: TestUser, mediaId: string): Promise<TMedia> {
  return vi.waitFor(async () => {
    const list = ZMedia.array().parse((await t.http.get('/api/media').set(u.auth).expect(200)).body);
    const item = list.find((m) => m._id === mediaId)!;
    expect(item.replacement?.status).not.toBe('processing');
    return item;
  }, { timeout: 60_000, interval: 50 });
}

/** The media job's events about an item (the upload's and a replacement's own are the request's). */
export const outcomesOf = async (t: TestApp, mediaId: string) => (await t.ctx.db.auditEvent.findMany({
  where: { targetId: mediaId, action: { in: ['media.process', 'media.processFail'] } }, orderBy: { seq: 'asc' },
})).map((e) => ({ action: e.action, actorType: e.actorType, chain: e.chain, changes: e.changes }));
