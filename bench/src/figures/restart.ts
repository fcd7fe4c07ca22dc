import type { Counts } from '../lib/modes.js';
import type { FigureRow } from '../lib/result.js';
import { wallMs } from '../lib/serve-rpc.mjs';
import { round } from '../lib/stats.js';
import { bumpDurationsInDb, type Fleet } from '../fixtures/bench-db.js';
import { startPano, type Generators, type ServerProc } from './fleet.js';

/**
 * P4: with every player connected, stop the API (its normal shutdown: sockets are told
 * "server shutting down"), change the playlist in the database meanwhile, and boot a new
 * API on the same port. Timed from the stop until every player holds the new version,
 * which it can only get by reconnecting and fetching its config from the new process.
 */
export async function measureRestart(c: Counts, fleet: Fleet, dataDir: string, servers: ServerProc[], gens: Generators): Promise<FigureRow> {
  const old = servers[0]!;
  await gens.arm();
  const errorsBefore = (await gens.counts()).errors;
  const t0 = wallMs();
  await old.child.call('stop', undefined, 30_000).catch(() => {});
  await old.child.kill();
  const down = wallMs() - t0;
  await bumpDurationsInDb(fleet.playlistId, 7);
  const fresh = await startPano(dataDir, { PORT: String(old.port) });
  servers[0] = fresh;
  const up = wallMs() - t0;
  const limit = c.mode === 'quick' ? 45_000 : 120_000;
  const { times } = await gens.waitChanged(limit);
  const got = times.filter((t): t is number => t !== null);
  const all = got.length === times.length;
  const last = got.length ? Math.max(...got) - t0 : NaN;
  // Where the time goes: the spread of arrivals, and fetch/refusal errors the players reported.
  const sorted = got.map((t) => t - t0).sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! / 1000, 1) : NaN);
  const errors = (await gens.counts()).errors - errorsBefore;
  return {
    id: 'P4', figure: `API restart with ${times.length} players: all on the current version`,
    value: all ? `${round(last / 1000, 2)} s` : `${got.length}/${times.length} after ${limit / 1000} s`,
    baseline: '—', ratio: null, goal: '≤ 15 s', pass: all && last <= 15_000,
    note: `arrivals p50 ${at(0.5)} s / p90 ${at(0.9)} s / p99 ${at(0.99)} s; ${errors} player errors (failed fetches, refusals); old process stopped after ${round(down / 1000, 2)} s, new one listening after ${round(up / 1000, 2)} s; players use the player's own reconnect (1-4 s after a server disconnect, then socket.io backoff 1-5 s)`,
  };
}
