import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every process the bench starts is a forked Node child with an IPC channel (a small RPC),
 * registered here so that it is killed at the end, also on failure or Ctrl-C.
 */
const live = new Set<ChildProcess>();
const procsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../procs');

export type Child = {
  pid: number;
  call: <T = unknown>(cmd: string, args?: unknown, timeoutMs?: number) => Promise<T>;
  /** Asks nicely (SIGTERM), then SIGKILL after graceMs. */
  kill: (graceMs?: number) => Promise<void>;
  exited: Promise<number | null>;
};

type Reply = { id: number; ok: boolean; result?: unknown; error?: string };

/**
 * Starts bench/src/procs/<name>.mjs (plain Node) or <name>.ts (tsx loader) in its own Node
 * process, GC exposed for RSS figures.
 */
export async function startChild(name: string, env: Record<string, string> = {}, readyTimeoutMs = 60_000): Promise<Child> {
  const plain = path.join(procsDir, `${name}.mjs`);
  const isPlain = existsSync(plain);
  const proc = fork(isPlain ? plain : path.join(procsDir, `${name}.ts`), [], {
    execArgv: [...(isPlain ? [] : ['--import', 'tsx']), '--expose-gc', '--max-old-space-size=4096',
      // BENCH_PROFILE=pano-server writes a V8 CPU profile of that process into bench/.tmp/profiles.
      ...(process.env.BENCH_PROFILE === name ? ['--cpu-prof', `--cpu-prof-dir=${path.join(procsDir, '../../.tmp/profiles')}`] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  live.add(proc);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => { live.delete(proc); resolve(code); }));
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  let nextId = 1;
  proc.on('message', (msg: Reply) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    clearTimeout(p.timer);
    if (msg.ok) p.resolve(msg.result);
    else p.reject(new Error(`${name}: ${msg.error}`));
  });
  void exited.then((code) => {
    for (const p of pending.values()) { clearTimeout(p.timer); p.reject(new Error(`${name} exited (${code})`)); }
    pending.clear();
  });

  const call = <T,>(cmd: string, args?: unknown, timeoutMs = 120_000) => new Promise<T>((resolve, reject) => {
    if (!proc.connected) return reject(new Error(`${name} is not running`));
    const id = nextId++;
    const timer = setTimeout(() => { pending.delete(id); reject(new Error(`${name}.${cmd} timed out after ${timeoutMs} ms`)); }, timeoutMs);
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
    proc.send({ id, cmd, args });
  });
  const kill = async (graceMs = 5_000) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const child: Child = { pid: proc.pid!, call, kill, exited };
  await Promise.race([
    call('ping', undefined, readyTimeoutMs),
    exited.then((code) => { throw new Error(`${name} exited during start (${code})`); }),
  ]);
  return child;
}

/** Kills everything still running (SIGKILL: used on the way out). */
export function killAllChildren(): void {
  for (const proc of live) proc.kill('SIGKILL');
  live.clear();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => { killAllChildren(); process.exit(130); });
}
process.once('exit', killAllChildren);
