import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.js';
import { repoRoot } from '../repo-root.js';
import { migrateToBucket } from './migrate-to-bucket.js';
import { S3Storage } from './s3-storage.js';

// docs/OPERATIONS.md#moving-files-into-a-bucket: a local data folder copied into a bucket, again and again.

let s3: LocalS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startLocalS3('pano-migrate');
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-migrate-'));
  const put = async (rel: string, body: string) => {
    await mkdir(path.dirname(path.join(dataDir, rel)), { recursive: true });
    await writeFile(path.join(dataDir, rel), body);
  };
  await put('uploads/aa.png', 'png bytes');
  await put('uploads/bb.mp4', 'mp4 bytes, longer');
  await put('uploads/.thumbs/aa.png.webp', 'thumb');
  await put('uploads/apk/cc.apk', 'apk');
  await put('screenshots/s1/screenshot.jpg', 'jpeg');
  // Not stored files: an upload streaming in, a resumable upload, a half-written thumbnail.
  await put('uploads/.incoming/x', 'temp');
  await put('uploads/.tus/y', 'tus');
  await put('uploads/.thumbs/dd.png.webp.1a2b.tmp', 'half');
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const dirs = () => ({ dataDir, uploadsDir: path.join(dataDir, 'uploads') });
const stored = ['screenshots/s1/screenshot.jpg', 'uploads/.thumbs/aa.png.webp', 'uploads/aa.png', 'uploads/apk/cc.apk', 'uploads/bb.mp4'];

describe('storage:migrate', () => {
  it('copies every stored file under its key, skips what is there with the same size when run again, and copies a changed one', async () => {
    const bucket = new S3Storage(s3.storage as S3Storage['config'], path.join(dataDir, 'uploads/.incoming'));
    expect(await migrateToBucket(dirs(), bucket)).toEqual({ copied: 5, skipped: 0, failed: 0 });
    expect(await s3.keysUnder()).toEqual(stored);
    expect(await migrateToBucket(dirs(), bucket)).toEqual({ copied: 0, skipped: 5, failed: 0 });
    await writeFile(path.join(dataDir, 'uploads/aa.png'), 'png bytes, now larger');
    expect(await migrateToBucket(dirs(), bucket)).toEqual({ copied: 1, skipped: 4, failed: 0 });
    const copy = await bucket.withLocalFile('uploads/aa.png', async (file) => (await import('node:fs/promises')).readFile(file, 'utf8'));
    expect(copy).toBe('png bytes, now larger');
    bucket.client.destroy();
  });

  it('npm run storage:migrate reports its counts; without STORAGE_URL it says what is missing', async () => {
    const run = (env: Record<string, string>) => promisify(execFile)('npx', ['tsx', 'server/src/cli/storage-migrate.ts'], {
      cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', STORAGE_URL: '', ...env },
    }).then((r) => ({ code: 0, ...r }), (e: { code: number; stdout: string; stderr: string }) => e);
    const done = await run(s3.env);
    expect(done.stdout).toContain('Kopyalanan: 0, zaten kovada olan: 5, kopyalanamayan: 0');
    expect(done.code).toBe(0);
    const missing = await run({});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('STORAGE_URL ayarlanmamış');
  });
});
