import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, LOCK_FILE, acquireDataDirLock, liveLockHolder } from './data-dir-lock.js';

describe('the embedded database folder has one holder at a time', () => {
  let dataDir: string;
  beforeEach(async () => { dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-lock-')); });
  afterEach(async () => { await rm(dataDir, { recursive: true, force: true }); });

  it('refuses a second holder in Turkish, and frees the folder on release', async () => {
    const first = await acquireDataDirLock(dataDir);
    const err = await acquireDataDirLock(dataDir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirBusyError);
    expect((err as Error).message).toContain(`Gömülü veritabanı klasörü ${dataDir} şu anda başka bir Pano işlemi tarafından kullanılıyor (pid ${process.pid})`);
    expect((await stat(path.join(dataDir, LOCK_FILE))).mode & 0o777).toBe(0o600);
    await first.release();
    expect(await liveLockHolder(dataDir)).toBeNull();
    await (await acquireDataDirLock(dataDir)).release();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const gone = await promisify(execFile)(process.execPath, ['-p', 'process.pid']);
    await writeFile(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: Number(gone.stdout), started: null }));
    expect(await liveLockHolder(dataDir)).toBeNull();
    const lock = await acquireDataDirLock(dataDir);
    expect(JSON.parse(await readFile(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('waits for a holder without a channel (a command at work) and takes the folder when it lets go', async () => {
    const command = await acquireDataDirLock(dataDir);
    const waiting = acquireDataDirLock(dataDir, 60_000);
    await command.release();
    await (await waiting).release();
  });

  it('refuses at once while a server advertises its channel there, and says where to find it', async () => {
    const server = await acquireDataDirLock(dataDir);
    await server.advertise({ port: 4321, secret: 'gizli' });
    const err = await acquireDataDirLock(dataDir, 60_000).catch((e: unknown) => e);
    expect((err as DataDirBusyError).holder.channel).toEqual({ port: 4321, secret: 'gizli' });
    expect(await liveLockHolder(dataDir)).toMatchObject({ pid: process.pid, channel: { port: 4321 } });
    await server.release();
  });
});
