import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, inject, vi } from 'vitest';
import { repoRoot } from './paths';

export const ADMIN_KEY = 'e2e-admin-key-0123456789';

export type RunningServer = { url: string; port: number; dataDir: string; stop: () => Promise<void>; output: () => string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Until /healthz answers 200; fails at once if the server exits first. */
async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  await vi.waitFor(async () => {
    if (child.exitCode !== null) return; // reported below, without waiting out the timeout
    const res = await fetch(`${url}/healthz`).catch(() => null); // null: not listening yet
    expect(res?.status, `server did not become healthy within ${timeoutMs} ms\n${output()}`).toBe(200);
  }, { timeout: timeoutMs, interval: 250 });
  if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}\n${output()}`);
}

/** A restart test passes the previous run's port and DATA_DIR; the caller then owns (and removes) that folder. */
export type StartOptions = { port?: number; dataDir?: string };

/**
 * Starts the real server, built as `npm start` runs it (`node server/dist/main.js`, built
 * once per run by e2e/global-setup.ts), in embedded mode: PGlite in a fresh
 * temp DATA_DIR, no Redis, on a free port. Every call gets an empty database (a copy of the
 * run's migrated template, e2e/global-setup.ts), unless `options` names a DATA_DIR of its own:
 * an empty one boots as a new install does (initdb and every migration, as in
 * e2e/tests/player-offline.test.ts), an existing one (and port) starts the same server again.
 */
export async function startServer(extraEnv: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const ownsData = !options.dataDir;
  const dataDir = options.dataDir ?? await mkdtemp(path.join(os.tmpdir(), 'pano-e2e-'));
  if (ownsData) {
    // No rows, every migration applied: the server finds it up to date and skips initdb.
    await cp(inject('e2eDatabaseTemplate'), path.join(dataDir, 'pg'), { recursive: true })
      .catch(async (err: unknown) => {
        await rm(dataDir, { recursive: true, force: true });
        throw err;
      });
  }
  const port = options.port ?? await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Embedded mode: no external database or Redis even if the developer's shell has them.
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'JWT_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) delete env[k];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_REGISTRATION_KEY: ADMIN_KEY,
    RATE_LIMIT_AUTH_PER_15MIN: '10000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The browser tests buy packages with the dev card processor's test cards, on purpose.
    PAYMENTS: 'dev',
    // The tests wait on their conversions: niced, a busy machine would starve them.
    FFMPEG_NICENESS: '0',
    ...extraEnv,
  });
  // No TypeScript compiled at each start; stack traces still name the sources (scripts/start.mjs).
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const output = () => log;
  try {
    await waitForHealth(url, child, output, 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    if (ownsData) await rm(dataDir, { recursive: true, force: true });
    throw err;
  }

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownsData) await rm(dataDir, { recursive: true, force: true });
  };
  return { url, port, dataDir, stop, output };
}
