// Test-only: commands started the way a container runtime or systemd starts them, in a
// process group of their own, so a test can see every process they leave behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { repoRoot } from '../src/repo-root.js';

export type GroupProcess = {
  child: ChildProcess;
  /** The leader's pid, which is also the group id. */
  pid: number;
  output: () => string;
  /** Resolves once `text` appears on stdout or stderr; rejects if the process exits first. */
  waitForOutput: (text: string, timeoutMs?: number) => Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL to whatever of the group is still running (cleanup after a failed test). */
  killGroup: () => void;
};

/** `command args` in the repository root, as the leader of a new process group. */
export function spawnGroup(command: string, args: string[], env: NodeJS.ProcessEnv): GroupProcess {
  const child = spawn(command, args, { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const listeners = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8').on('data', (text: string) => {
      log += text;
      for (const l of listeners) l();
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const pid = child.pid!;
  return {
    child,
    pid,
    output: () => log,
    exited,
    waitForOutput: (text, timeoutMs = 60_000) => new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!log.includes(text)) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => { done(); reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${log}`)); }, timeoutMs);
      const done = () => { clearTimeout(timer); listeners.delete(check); };
      listeners.add(check);
      void exited.then(({ code, signal }) => { done(); reject(new Error(`exited (${code ?? signal}) before "${text}":\n${log}`)); });
      check();
    }),
    killGroup: () => {
      for (const p of groupMembers(pid)) {
        try { process.kill(p.pid, 'SIGKILL'); } catch { /* gone meanwhile */ }
      }
    },
  };
}

export type ProcInfo = { pid: number; ppid: number; cmdline: string };

/** Every live process of process group `pgid`, read from /proc. */
export function groupMembers(pgid: number): ProcInfo[] {
  const found: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so split after the last ')'.
      const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) !== pgid || state === 'Z') continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid: Number(name), ppid: Number(ppid), cmdline });
    } catch {
      // The process ended while we read it.
    }
  }
  return found;
}

/** Whether something accepts TCP connections on 127.0.0.1:port right now. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}
