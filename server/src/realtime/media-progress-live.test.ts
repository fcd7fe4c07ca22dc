import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZMedia } from '@pano/contract';
import { sampleClip } from '../storage/testing/sample-clips.js';
import { caughtUp, closeAllSockets, connectSocket, liveCustomer, record, startLiveServer, type LiveServer } from './live-server.fixtures.js';

// docs/PRODUCT.md#media-processing: a conversion's progress and its end reach the owner's
// dashboards over their socket, from the job, and nobody else's.
let s: LiveServer;
beforeAll(async () => { s = await startLiveServer(); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

describe('media:progress', () => {
  it("tells the owner's dashboards when a converted file is ready, and no other customer", async () => {
    const [a, b] = [await liveCustomer(s), await liveCustomer(s)];
    const [mine, theirs] = [await connectSocket(s, { token: a.token }), await connectSocket(s, { token: b.token })];
    const [seenMine, seenTheirs] = [record(mine, 'media:progress'), record(theirs, 'media:progress')];

    const uploaded = ZMedia.parse((await s.api.post('/api/media/upload').set(a.auth).field('name', 'Klip')
      .attach('file', await sampleClip('no-faststart'), 'klip.mp4').expect(201)).body);
    expect(uploaded.status).toBe('processing');

    await expect.poll(() => seenMine.at(-1)?.status, { timeout: 30_000 }).toBe('ready');
    expect(seenMine.at(-1)).toEqual({ mediaId: uploaded._id, status: 'ready', progress: 100, error: null });
    // Any progress told before the end was for this item and went up.
    const progress = seenMine.map((e) => e.progress);
    expect([...progress].sort((x, y) => x - y)).toEqual(progress);
    await caughtUp(s, [mine, theirs]);
    expect(seenTheirs).toEqual([]);
  });
});
