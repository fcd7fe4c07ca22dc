import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import { makeMedia } from '../screens/content.fixtures.js';
import { sampleClip } from '../../storage/testing/sample-clips.js';
import { moovBeforeMdat } from '../../storage/video-tools.js';
import { processed } from './media.fixtures.js';
import { requeueProcessing } from './media-processing.js';

// A database of its own: the repair reads every customer's media still processing.
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ ownDatabase: true }); });
afterAll(async () => { await t.close(); });

describe('media.repair', () => {
  it('queues the job again for media left processing (a restart lost it), and the file gets done', async () => {
    const u = await newCustomer(t);
    // An upload whose job never ran: the row says processing, its faststart-less file is in place.
    const row = await makeMedia(t, u.id, 'video', 'Yarım kalan', 'processing');
    await mkdir(t.ctx.config.uploadsDir, { recursive: true });
    await writeFile(path.join(t.ctx.config.uploadsDir, row.fileName!), await sampleClip('no-faststart'));
    const ready = await makeMedia(t, u.id, 'image', 'Hazır');

    expect(await requeueProcessing(t.ctx)).toBe(1);
    const done = await processed(t, row.id);
    expect(done).toMatchObject({ status: 'ready', mime: 'video/mp4', error: null });
    expect(await moovBeforeMdat(path.join(t.ctx.config.uploadsDir, done.fileName!))).toBe(true);
    expect(await t.ctx.db.media.findUniqueOrThrow({ where: { id: ready.id } })).toMatchObject({ status: 'ready', fileName: ready.fileName });
    // Nothing is left to repair.
    expect(await requeueProcessing(t.ctx)).toBe(0);
  });

  it('queues a replacement left converting too (docs/PRODUCT.md#replacing-a-file); it takes the old file\'s place', async () => {
    const u = await newCustomer(t);
    const row = await makeMedia(t, u.id, 'video', 'Değişecek');
    const replacementFileName = `${randomUUID()}.mp4`;
    await mkdir(t.ctx.config.uploadsDir, { recursive: true });
    await writeFile(path.join(t.ctx.config.uploadsDir, replacementFileName), await sampleClip('no-faststart'));
    await t.ctx.db.media.update({
      where: { id: row.id },
      data: { replacementFileName, replacementMime: 'video/mp4', replacementSizeBytes: 1000n, replacementStatus: 'processing', replacementProgress: 0 },
    });

    expect(await requeueProcessing(t.ctx)).toBe(1);
    const done = await vi.waitFor(async () => {
      const now = await t.ctx.db.media.findUniqueOrThrow({ where: { id: row.id } });
      expect(now.replacementStatus).toBeNull();
      return now;
    }, { timeout: 30_000, interval: 50 });
    expect(done).toMatchObject({ status: 'ready', mime: 'video/mp4', replacementFileName: null });
    expect(done.fileName).not.toBe(row.fileName);
    expect(await moovBeforeMdat(path.join(t.ctx.config.uploadsDir, done.fileName!))).toBe(true);
    expect(await requeueProcessing(t.ctx)).toBe(0);
  });
});
