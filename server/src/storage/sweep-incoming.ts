import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { incomingDir } from './upload-to-disk.js';
import { removeQuietly } from './stored-files.js';

/**
 * Temp files an upload left behind when the process died mid-stream (multer cleans up
 * every other case). Only files older than `maxAgeMs` go, so uploads in flight on this
 * or another instance sharing the volume are never touched. Returns how many were removed.
 */
export async function sweepStaleIncoming(uploadsDir: string, now: Date, maxAgeMs = 24 * 3600_000): Promise<number> {
  const dir = incomingDir(uploadsDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < maxAgeMs) continue;
    await removeQuietly(file);
    removed++;
  }
  return removed;
}
