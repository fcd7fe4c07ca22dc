import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/env.js';
import { runFfmpeg } from './video-tools.js';

/*
 * docs/architecture/media-processing.md: a conversion runs below the server's priority, so the
 * API and its players do not wait behind ffmpeg on a shared machine.
 */

let dir: string;
beforeAll(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'pano-ffmpeg-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

/** The nice value of each ffmpeg child of this process, read from ps. */
async function ffmpegNices(): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['-o', 'ni=,comm=', '--ppid', String(process.pid)]);
  return stdout.split('\n').filter((l) => /ffmpeg/.test(l)).map((l) => Number(l.trim().split(/\s+/)[0]));
}

describe('runFfmpeg', () => {
  it('takes its niceness from FFMPEG_NICENESS, 0 to 19', () => {
    expect(loadConfig({}).ffmpegNiceness).toBe(10);
    expect(loadConfig({ FFMPEG_NICENESS: '0' }).ffmpegNiceness).toBe(0);
    expect(() => loadConfig({ FFMPEG_NICENESS: '20' })).toThrow('FFMPEG_NICENESS="20": 0 ile 19 arasında bir tam sayı olmalı');
  });

  it('runs ffmpeg niced to 10 while it converts', async () => {
    // Long enough to be seen running: a minute of test pattern, encoded. The default settings.
    const run = runFfmpeg(loadConfig({}), [
      '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=30:duration=60', '-c:v', 'libx264', '-preset', 'medium', '-f', 'mp4', path.join(dir, 'out.mp4'),
    ]);
    const seen = await vi.waitFor(async () => {
      const nices = await ffmpegNices();
      if (nices.length === 0) throw new Error('ffmpeg not running yet');
      return nices;
    }, { timeout: 10_000, interval: 20 });
    expect(seen).toEqual([10]);
    // Done looking: the conversion itself is not the point.
    const { stdout } = await promisify(execFile)('pgrep', ['-P', String(process.pid), 'ffmpeg']);
    for (const pid of stdout.trim().split('\n')) process.kill(Number(pid), 'SIGKILL');
    await run.catch(() => undefined);
  });
});
