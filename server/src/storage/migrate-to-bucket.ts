import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { S3Storage } from './s3-storage.js';

/*
 * `npm run storage:migrate` (docs/OPERATIONS.md#moving-files-into-a-bucket): copies what a local
 * data folder stores into the bucket under the same keys (docs/architecture/storage.md#the-storage-collaborator),
 * so rows need no change. A file whose object is already there with the same size is skipped,
 * so a run cut short is simply run again. Temp folders (`.incoming`, `.tus`) and half-written
 * files (`*.tmp`) are not stored files and stay behind.
 */

export type MigrationCounts = { copied: number; skipped: number; failed: number };

/** What the local folder holds, as key → file. */
async function* storedFiles(dirs: { dataDir: string; uploadsDir: string }): AsyncGenerator<{ key: string; file: string }> {
  yield* walk(dirs.uploadsDir, 'uploads/', (name, depth) => depth === 0 && (name === '.incoming' || name === '.tus'));
  yield* walk(path.join(dirs.dataDir, 'screenshots'), 'screenshots/', () => false);
}

async function* walk(dir: string, prefix: string, skipDir: (name: string, depth: number) => boolean, depth = 0): AsyncGenerator<{ key: string; file: string }> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!skipDir(e.name, depth)) yield* walk(file, `${prefix}${e.name}/`, skipDir, depth + 1);
    } else if (e.isFile() && !e.name.endsWith('.tmp')) {
      yield { key: `${prefix}${e.name}`, file };
    }
  }
}

/** Copies every stored file not yet in the bucket; `onFile` hears each one's fate. */
export async function migrateToBucket(
  dirs: { dataDir: string; uploadsDir: string }, bucket: S3Storage,
  onFile: (key: string, outcome: 'copied' | 'skipped' | 'failed', err?: unknown) => void = () => {},
): Promise<MigrationCounts> {
  const counts: MigrationCounts = { copied: 0, skipped: 0, failed: 0 };
  for await (const { key, file } of storedFiles(dirs)) {
    try {
      const size = (await stat(file)).size;
      if ((await bucket.sizeOf(key)) === size) {
        counts.skipped++;
        onFile(key, 'skipped');
        continue;
      }
      await bucket.copyIn(key, file);
      counts.copied++;
      onFile(key, 'copied');
    } catch (err) {
      counts.failed++;
      onFile(key, 'failed', err);
    }
  }
  return counts;
}
