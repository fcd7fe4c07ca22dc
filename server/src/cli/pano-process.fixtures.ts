// Test-only: Pano as an operator runs it, as child processes started from the repository
// root with a fresh shell's environment (embedded mode: no database, Redis or Stripe).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The caller's npm and DB settings removed, so nothing but `extra` decides where data goes. */
export function operatorEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('npm_') || ['INIT_CWD', 'DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'JWT_SECRET', 'PUBLIC_URL'].includes(k)) continue;
    if (k.startsWith('STRIPE_') || k === 'ADMIN_REGISTRATION_KEY') continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const execFileAsync = promisify(execFile);
export type CommandResult = { code: number; stdout: string; stderr: string };

/** `npm <args>` in the repository root, as typed in a terminal there. */
export async function npm(args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await execFileAsync('npm', args, { cwd: repoRoot, env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

export type PanoProcess = { url: string; output: () => string; stop: () => Promise<void> };

/**
 * What `npm start` runs (scripts/start.mjs, builds skipped). Not through npm itself: npm
 * does not pass SIGTERM on, and the server must stop as it does under Ctrl-C.
 */
export async function startPano(env: NodeJS.ProcessEnv, port: number): Promise<PanoProcess> {
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...env, SKIP_BUILD: '1', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The banner is one write (under a pipe's atomic size), after listen and after the setup link is stored.
  await new Promise<void>((resolve, reject) => {
    const keep = (text: string) => {
      log += text;
      if (log.includes('Pano çalışıyor')) resolve();
    };
    for (const stream of [child.stdout, child.stderr]) stream?.setEncoding('utf8').on('data', keep);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}\n${log}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function login(url: string, email: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }),
  });
  return res.status;
}
