// Test-only: a redis-server of a test's own, on a free port, that the test may stop, pause and
// start again without touching the shared Redis on 6379.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type OwnRedis = {
  url: string;
  /** Shuts it down (SIGTERM: with persistence the append-only file is written first). */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder: with persistence, with the same data. */
  start(): Promise<void>;
  /** Freezes the process: connections stay open and nothing answers (a stalled Redis). */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** `persistence`: append-only file in its own folder (as docker-compose runs Redis); otherwise nothing survives a restart. */
export async function startOwnRedis(o: { persistence: boolean }): Promise<OwnRedis> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pano-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '',
    '--appendonly', o.persistence ? 'yes' : 'no', '--appendfsync', 'always'];
  let child: ChildProcess | undefined;

  const start = async () => {
    const proc = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  };
  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    proc.kill('SIGCONT');
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    pause: () => { child?.kill('SIGSTOP'); },
    resume: () => { child?.kill('SIGCONT'); },
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
