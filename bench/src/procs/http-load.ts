// HTTP load generator (closed loop): `connections` keep-alive connections, each sending its
// next request as soon as the previous answer has been read, for a fixed time.
import { Pool } from 'undici';
import { serveRpc } from '../lib/serve-rpc.mjs';
import { summarize } from '../lib/stats.js';

type RunArgs = { url: string; path: string; headers: Record<string, string>; connections: number; seconds: number; warmSeconds: number };

async function loop(pool: Pool, a: RunArgs, until: number, latencies: number[] | null, statuses: Map<number, number>): Promise<void> {
  while (Date.now() < until) {
    const t = performance.now();
    const res = await pool.request({ path: a.path, method: 'GET', headers: a.headers });
    await res.body.dump();
    if (latencies) {
      latencies.push(performance.now() - t);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
  }
}

serveRpc({
  run: async (a: RunArgs) => {
    const pool = new Pool(a.url, { connections: a.connections, pipelining: 1 });
    try {
      const statuses = new Map<number, number>();
      const warmEnd = Date.now() + a.warmSeconds * 1000;
      await Promise.all(Array.from({ length: a.connections }, () => loop(pool, a, warmEnd, null, statuses)));
      const latencies: number[] = [];
      const start = performance.now();
      const end = Date.now() + a.seconds * 1000;
      await Promise.all(Array.from({ length: a.connections }, () => loop(pool, a, end, latencies, statuses)));
      const elapsed = (performance.now() - start) / 1000;
      const s = summarize(latencies);
      return { requests: latencies.length, rps: latencies.length / elapsed, p50: s.p50, p99: s.p99, max: s.max, statuses: Object.fromEntries(statuses) };
    } finally {
      await pool.close();
    }
  },
});
