import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { startServer } from '../server.js';
import { incomingFileName, sweepStaleIncoming } from './sweep-incoming.js';
import { incomingDir } from './upload-to-disk.js';

let uploads: string;
beforeEach(async () => { uploads = await mkdtemp(path.join(os.tmpdir(), 'pano-sweep-')); });
afterEach(async () => { await rm(uploads, { recursive: true, force: true }); });

const host = os.hostname();
const dayAgo = () => new Date(Date.now() - 25 * 3600_000);

/** A process that ran and is gone: the id its temp files carry. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

async function tempFile(name: string, mtime?: Date, root = uploads) {
  const dir = incomingDir(root);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), 'half a video');
  if (mtime) await utimes(path.join(dir, name), mtime, mtime);
  return name;
}

describe('temp files of interrupted uploads', () => {
  it("removes this host's files whose process is gone or was an earlier one with this id; keeps live writers' and other hosts' fresh files", async () => {
    const gone = await deadPid();
    const dead = await tempFile(incomingFileName({ host, pid: gone }));
    const earlierSelf = await tempFile(incomingFileName({ host, pid: process.pid }));
    // The test runner that started this worker is running.
    const live = await tempFile(incomingFileName({ host, pid: process.ppid }));
    const otherHost = await tempFile(incomingFileName({ host: 'another-container', pid: gone }));
    const otherHostOld = await tempFile(incomingFileName({ host: 'another-container', pid: gone }), dayAgo());

    expect(await sweepStaleIncoming(uploads, new Date())).toBe(3);
    const left = await readdir(incomingDir(uploads));
    expect(left.sort()).toEqual([live, otherHost].sort());
    expect(left).not.toContain(dead);
    expect(left).not.toContain(earlierSelf);
    expect(left).not.toContain(otherHostOld);
  });

  it('removes files of an unknown writer only once untouched for a day, and never touches stored media', async () => {
    await tempFile('stale', dayAgo());
    await tempFile('in-flight');
    await writeFile(path.join(uploads, 'old-media.png'), 'x');
    await utimes(path.join(uploads, 'old-media.png'), dayAgo(), dayAgo());

    expect(await sweepStaleIncoming(uploads, new Date())).toBe(1);
    expect(await readdir(incomingDir(uploads))).toEqual(['in-flight']);
    expect(await readdir(uploads)).toContain('old-media.png');
  });

  it('is a no-op when nothing was ever uploaded', async () => {
    expect(await sweepStaleIncoming(uploads, new Date())).toBe(0);
  });

  it('the next start removes what a killed process was writing', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-restart-'));
    const writer = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      const dataUploads = path.join(dataDir, 'uploads');
      const left = await tempFile(incomingFileName({ host, pid: writer.pid! }), undefined, dataUploads);
      const exited = new Promise((r) => writer.once('exit', r));
      writer.kill('SIGKILL');
      await exited;

      const server = await startServer(loadConfig({
        DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', JOBS_SWEEP_EVERY_S: '0',
      }));
      await server.stop();
      expect(await readdir(incomingDir(dataUploads))).not.toContain(left);
    } finally {
      writer.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
