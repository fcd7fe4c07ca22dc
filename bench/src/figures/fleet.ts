import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startChild, type Child } from '../lib/children.js';
import { rssOf } from '../lib/machine.js';
import { sleep } from '../lib/stats.js';
import { benchDatabaseUrl, JWT_SECRET, type Player } from '../fixtures/bench-db.js';

export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

export type Changed = { times: (number | null)[]; versions: (string | null)[]; screenIds: string[] };

export type ServerProc = { child: Child; url: string; port: number };

export async function makeDataDir(): Promise<{ dir: string; uploads: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pano-bench-'));
  return { dir, uploads: path.join(dir, 'uploads'), remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A Pano API process on loopback, against the bench database. */
export async function startPano(dataDir: string, extra: Record<string, string> = {}): Promise<ServerProc> {
  const child = await startChild('pano-server', {
    DATABASE_URL: benchDatabaseUrl, JWT_SECRET, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0',
    LOG_LEVEL: 'silent', WORKERS: '0', REDIS_URL: '', PUBLIC_URL: '', NODE_ENV: 'production', PAYMENTS: 'dev', ...extra,
  });
  const info = await child.call<{ url: string; port: number }>('info');
  return { child, ...info };
}

export async function startBare(name: 'bare-socketio' | 'bare-express' | 'bare-upload' | 'bare-static', env: Record<string, string> = {}): Promise<ServerProc> {
  const child = await startChild(name, env);
  const info = await child.call<{ url: string; port: number }>('info');
  return { child, ...info };
}

export type SettledMemory = { rss: number; heapUsed: number; external: number };

/** RSS after a forced full GC in the server, so the figure is live memory, not garbage; with the JS heap and external memory. */
export async function settledMemory(server: ServerProc): Promise<SettledMemory> {
  await server.child.call('gc');
  await sleep(300);
  const m = await server.child.call<NodeJS.MemoryUsage>('memory');
  return { rss: rssOf(server.child.pid), heapUsed: m.heapUsed, external: m.external };
}

export const settledRss = async (server: ServerProc): Promise<number> => (await settledMemory(server)).rss;

/** Simulated players spread over `count` generator processes. */
export class Generators {
  private constructor(private readonly gens: Child[]) {}

  static async start(count: number): Promise<Generators> {
    return new Generators(await Promise.all(Array.from({ length: count }, () => startChild('players'))));
  }

  async connect(players: (Player & { url: string })[], kind: 'pano' | 'bare', timeoutMs: number): Promise<{ connected: number; ms: number }> {
    const parts = this.gens.map((_, g) => players.filter((__, i) => i % this.gens.length === g));
    const res = await Promise.all(this.gens.map((gen, g) => gen.call<{ connected: number; ms: number }>('connect', { players: parts[g], kind, timeoutMs }, timeoutMs + 30_000)));
    return { connected: res.reduce((a, r) => a + r.connected, 0), ms: Math.max(...res.map((r) => r.ms)) };
  }

  async arm(): Promise<void> {
    await Promise.all(this.gens.map((g) => g.call('arm')));
  }

  /** Receipt times (epoch ms, null = never) of the version armed before. */
  async waitChanged(timeoutMs: number): Promise<Changed> {
    const res = await Promise.all(this.gens.map((g) => g.call<Changed>('waitChanged', { timeoutMs }, timeoutMs + 30_000)));
    return { times: res.flatMap((r) => r.times), versions: res.flatMap((r) => r.versions), screenIds: res.flatMap((r) => r.screenIds) };
  }

  /** P10: when the alert arrived at each player that acknowledged it (epoch ms, null = not). */
  async alertArrivals(alertId: string): Promise<(number | null)[]> {
    const res = await Promise.all(this.gens.map((g) => g.call<(number | null)[]>('alertArrivals', { alertId })));
    return res.flat();
  }

  async counts(): Promise<{ online: number; total: number; errors: number }> {
    const res = await Promise.all(this.gens.map((g) => g.call<{ online: number; total: number; errors: number }>('counts')));
    return res.reduce((a, r) => ({ online: a.online + r.online, total: a.total + r.total, errors: a.errors + r.errors }), { online: 0, total: 0, errors: 0 });
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.gens.map((g) => g.call('close', undefined, 30_000)));
    await Promise.allSettled(this.gens.map((g) => g.kill()));
  }
}

/** The customer's API call that changes what every screen shows: the playlist edit. */
export async function editPlaylist(url: string, userToken: string, playlistId: string, mediaIds: string[], duration: number): Promise<number> {
  const res = await fetch(`${url}/api/playlists/${playlistId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mediaItems: mediaIds.map((media) => ({ media, duration })) }),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`PUT playlist: HTTP ${res.status}`);
  return res.status;
}

export async function fetchConfig(url: string, p: Player): Promise<{ version: string } & Record<string, unknown>> {
  const res = await fetch(`${url}/api/screens/${p.screenId}/config`, { headers: { authorization: `Bearer ${p.deviceToken}` } });
  if (!res.ok) throw new Error(`GET config: HTTP ${res.status}`);
  return (await res.json()) as { version: string } & Record<string, unknown>;
}
