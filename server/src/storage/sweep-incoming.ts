import { createHash, randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { removeQuietly } from './stored-files.js';

/** Dot-folder: the static handler denies dotfiles, so half-written uploads are never served. */
export const incomingDir = (uploadsDir: string) => path.join(uploadsDir, '.incoming');

/** Who writes a temp file: a hash of the host name (a container's id) and the process id. */
export type IncomingWriter = { host: string; pid: number };

const thisProcess = (): IncomingWriter => ({ host: os.hostname(), pid: process.pid });
const hostTag = (host: string) => createHash('sha256').update(host).digest('hex').slice(0, 12);
const NAME = /^([0-9a-f]{12})-(\d+)_[0-9a-f]{32}$/;

/**
 * `<host>-<pid>_<random>`: the name says which process writes it, so the next start can tell
 * what a dead process left from what a live one (this host's or another's, on a shared uploads
 * volume) is still writing.
 */
export const incomingFileName = (writer: IncomingWriter = thisProcess()) =>
  `${hostTag(writer.host)}-${writer.pid}_${randomBytes(16).toString('hex')}`;

/** Whether a process of this host is running (EPERM: it is, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type SweepOptions = {
  /** The starting process; none of its own uploads can be in flight yet. */
  self?: IncomingWriter;
  isAlive?: (pid: number) => boolean;
  /** Files whose writer cannot be checked (another host, an older name) go after this long untouched. */
  maxAgeMs?: number;
};

/**
 * At start: temp files an upload left when its process died mid-stream (every other failure
 * removes its own at once). A file of this host goes when its writer is no longer running, or
 * was an earlier process with this one's id (a restarted container); a file of another host
 * sharing the volume only once it has not been written to for `maxAgeMs`, as that host's
 * processes cannot be checked from here. Returns how many were removed.
 */
export async function sweepStaleIncoming(uploadsDir: string, now: Date, o: SweepOptions = {}): Promise<number> {
  const self = o.self ?? thisProcess();
  const isAlive = o.isAlive ?? processAlive;
  const maxAgeMs = o.maxAgeMs ?? 24 * 3600_000;
  const dir = incomingDir(uploadsDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    const writer = NAME.exec(name);
    const ours = writer?.[1] === hostTag(self.host);
    const pid = Number(writer?.[2]);
    const dead = ours && (pid === self.pid || !isAlive(pid));
    if (!dead && now.getTime() - info.mtimeMs < maxAgeMs) continue;
    await removeQuietly(file);
    removed++;
  }
  return removed;
}
