import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * One process at a time may open an embedded (PGlite) database folder: two PGlite
 * instances on one folder each keep their own view of the files, and what one writes the
 * other overwrites (an admin made by the CLI while the server ran was silently lost).
 * The holder records itself in `$DATA_DIR/pano.lock`; a server also records its
 * loopback channel there, so `npm run create-admin` can go through it instead.
 */
export const LOCK_FILE = 'pano.lock';

/** Where a running server accepts local commands (see local-channel/); the file is 0600. */
export type LocalChannelAddress = { port: number; secret: string };

export type LockHolder = {
  pid: number;
  /** The kernel's start time of that pid (Linux), so a reused pid is not taken for the holder. */
  started: string | null;
  channel?: LocalChannelAddress;
};

export class DataDirBusyError extends Error {
  constructor(readonly dataDir: string, readonly holder: LockHolder) {
    super(
      `Gömülü veritabanı klasörü ${dataDir} şu anda başka bir Pano işlemi tarafından kullanılıyor (pid ${holder.pid}). ` +
      'Aynı klasörü iki işlem birlikte açarsa yazılanlar kaybolur: o işlemi durdurun ya da bitmesini bekleyin. ' +
      `Hiçbir Pano işlemi çalışmıyorsa ${path.join(dataDir, LOCK_FILE)} dosyasını silin.`,
    );
  }
}

export type DataDirLock = {
  /** Lets other processes on this machine find the running server's loopback channel (undefined: no longer). */
  advertise: (channel: LocalChannelAddress | undefined) => Promise<void>;
  release: () => Promise<void>;
};

function startTimeOf(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the name in field 2 may contain spaces, so count from its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A container restart hands out the same small pids again: same pid, later start time.
  return holder.started === null || startTimeOf(holder.pid) === holder.started;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return typeof value.pid === 'number' ? { pid: value.pid, started: value.started ?? null, channel: value.channel } : null;
  } catch {
    return null;
  }
}

const readText = (file: string) => readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
  if (err.code === 'ENOENT') return null;
  throw err;
});

/** The process holding the folder, if it is still alive (a crashed holder leaves a stale file). */
export async function liveLockHolder(dataDir: string): Promise<LockHolder | null> {
  const text = await readText(path.join(dataDir, LOCK_FILE));
  const holder = text === null ? null : parseHolder(text);
  return holder && isAlive(holder) ? holder : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes via a private temp file, so a reader never sees a half-written lock. */
async function writeTemp(dataDir: string, holder: LockHolder): Promise<string> {
  const temp = path.join(dataDir, `${LOCK_FILE}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temp, JSON.stringify(holder), { mode: 0o600 });
  return temp;
}

/**
 * Takes the folder or throws DataDirBusyError. A holder without a channel (a CLI at work,
 * a server still migrating) is waited for up to `waitMs`; a server that already serves
 * will not go away, so that is refused at once.
 */
export async function acquireDataDirLock(dataDir: string, waitMs = 0): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, started: startTimeOf(process.pid) };
  const deadline = Date.now() + waitMs;
  const temp = await writeTemp(dataDir, mine);
  try {
    for (;;) {
      try {
        // link() fails if the lock exists: the lock appears complete and exclusive in one step.
        await link(temp, file);
        return heldLock(dataDir, file, mine);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const text = await readText(file);
      if (text === null) continue;
      const holder = parseHolder(text);
      if (holder && isAlive(holder)) {
        if (holder.channel || Date.now() >= deadline) throw new DataDirBusyError(dataDir, holder);
        await sleep(200);
        continue;
      }
      // Stale: remove it only if it is still the same file we judged.
      if ((await readText(file)) === text) await unlink(file).catch(() => {});
    }
  } finally {
    await unlink(temp).catch(() => {});
  }
}

function heldLock(dataDir: string, file: string, mine: LockHolder): DataDirLock {
  let released = false;
  const ours = (text: string | null) => {
    const holder = text === null ? null : parseHolder(text);
    return holder?.pid === mine.pid && holder.started === mine.started;
  };
  // A crash or process.exit() skips release(); the next opener would still see a dead pid,
  // but removing the file here spares it the check.
  const onExit = () => {
    try {
      if (ours(readFileSync(file, 'utf8'))) unlinkSync(file);
    } catch { /* already gone */ }
  };
  process.once('exit', onExit);
  return {
    advertise: async (channel) => {
      await rename(await writeTemp(dataDir, channel ? { ...mine, channel } : mine), file);
    },
    release: async () => {
      if (released) return;
      released = true;
      process.removeListener('exit', onExit);
      if (ours(await readText(file))) await unlink(file).catch(() => {});
    },
  };
}
