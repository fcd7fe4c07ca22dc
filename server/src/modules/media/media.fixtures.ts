import { expect, vi } from 'vitest';
import type { Media } from '../../db/generated/client.js';
import type { TestApp } from '../../../test/harness.js';

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
