import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { sweepStaleIncoming } from './sweep-incoming.js';
import { incomingDir } from './upload-to-disk.js';

let uploads: string;
beforeEach(async () => { uploads = await mkdtemp(path.join(os.tmpdir(), 'pano-sweep-')); });
afterEach(async () => { await rm(uploads, { recursive: true, force: true }); });

it('removes only temp files older than the age limit and never touches stored media', async () => {
  const dir = incomingDir(uploads);
  await mkdir(dir, { recursive: true });
  const now = new Date();
  const dayAgo = new Date(now.getTime() - 25 * 3600_000);
  await writeFile(path.join(dir, 'stale'), 'x');
  await utimes(path.join(dir, 'stale'), dayAgo, dayAgo);
  await writeFile(path.join(dir, 'in-flight'), 'x');
  await writeFile(path.join(uploads, 'old-media.png'), 'x');
  await utimes(path.join(uploads, 'old-media.png'), dayAgo, dayAgo);

  expect(await sweepStaleIncoming(uploads, now)).toBe(1);
  expect(await readdir(dir)).toEqual(['in-flight']);
  expect(await readdir(uploads)).toContain('old-media.png');
});

it('is a no-op when nothing was ever uploaded', async () => {
  expect(await sweepStaleIncoming(uploads, new Date())).toBe(0);
});
