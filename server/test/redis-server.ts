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

/**
 * Runs redis-server (with the arguments after the script) and kills it once the test process
 * is gone, however that process ended: a worker stopped after a timed-out hook runs no afterAll.
 */
const GUARD = `
const { spawn } = require('node:child_process');
const { rmSync } = require('node:fs');
const args = process.argv.slice(1);
const redis = spawn('redis-server', args, { stdio: ['ignore', 'inherit', 'inherit'] });
console.log('PID ' + redis.pid);
const parent = process.ppid;
let orphaned = false;
const watch = setInterval(() => {
  try { process.kill(parent, 0); } catch { orphaned = true; redis.kill('SIGKILL'); }
}, 500);
redis.on('exit', (code) => {
  clearInterval(watch);
  if (orphaned) rmSync(args[args.indexOf('--dir') + 1], { recursive: true, force: true });
  process.exit(code ?? 0);
});
`;

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
  // The guard process, and the redis-server it runs (signalled directly: stop, pause, resume).
  let child: ChildProcess | undefined;
  let pid: number | undefined;

  const start = async () => {
    const proc = spawn(process.execPath, ['-e', GUARD, '--', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        pid ??= Number(/^PID (\d+)$/m.exec(out)?.[1]) || undefined;
        if (pid && out.includes('Ready to accept connections')) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  };
  const signal = (name: NodeJS.Signals) => { if (pid) process.kill(pid, name); };
  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    signal('SIGCONT');
    signal('SIGTERM');
    await exited;
    pid = undefined;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
