import { startChild } from '../lib/children.js';
import type { Counts } from '../lib/modes.js';
import { ms, ratioOf, type FigureRow } from '../lib/result.js';
import { round } from '../lib/stats.js';
import { seedFleet } from '../fixtures/bench-db.js';
import { fetchConfig, makeDataDir, startBare, startPano } from './fleet.js';

type Load = { requests: number; rps: number; p50: number; p99: number; max: number; statuses: Record<string, number> };

/** P5: GET /api/screens/{id}/config under a closed-loop load, full answer and 304, against Express hello-world. */
export async function configThroughput(c: Counts, log: (m: string) => void): Promise<FigureRow[]> {
  const data = await makeDataDir();
  const load = await startChild('http-load');
  try {
    const fleet = await seedFleet({ screens: 1, items: c.playlistItems, uploadsDir: data.uploads });
    const p = fleet.players[0]!;
    const run = (url: string, path: string, headers: Record<string, string>) => load.call<Load>('run', {
      url, path, headers, connections: c.httpConnections, seconds: c.httpSeconds, warmSeconds: c.httpWarmSeconds,
    }, (c.httpSeconds + c.httpWarmSeconds) * 1000 + 60_000);

    const bare = await startBare('bare-express');
    log('config: Express hello-world');
    const hello = await run(bare.url, '/', {}).finally(() => bare.child.kill());

    const pano = await startPano(data.dir);
    let full: Load, notModified: Load, size: number;
    try {
      const config = await fetchConfig(pano.url, p);
      size = JSON.stringify(config).length;
      const path = `/api/screens/${p.screenId}/config`;
      const auth = { authorization: `Bearer ${p.deviceToken}` };
      log('config: Pano full answers');
      full = await run(pano.url, path, auth);
      log('config: Pano 304 answers');
      notModified = await run(pano.url, path, { ...auth, 'if-none-match': `"${config.version}"` });
    } finally {
      await pano.child.kill();
    }
    const fmt = (l: Load) => `${round(l.rps, 0)} req/s, p99 ${ms(l.p99)}`;
    const note = (l: Load) => `${c.httpConnections} connections, ${c.httpSeconds} s after ${c.httpWarmSeconds} s warm-up; statuses ${JSON.stringify(l.statuses)}`;
    return [
      {
        id: 'P5', figure: `GET config, full (${size} B JSON)`, value: fmt(full), baseline: fmt(hello), ratio: ratioOf(full.rps, hello.rps),
        goal: '≥ 0.6× req/s', pass: full.rps >= 0.6 * hello.rps && full.statuses['200'] === full.requests, note: note(full), detail: { full, hello },
      },
      {
        id: 'P5', figure: 'GET config, 304 (If-None-Match)', value: fmt(notModified), baseline: fmt(hello), ratio: ratioOf(notModified.rps, hello.rps),
        goal: '≥ 0.85× req/s', pass: notModified.rps >= 0.85 * hello.rps && notModified.statuses['304'] === notModified.requests, note: note(notModified), detail: { notModified },
      },
    ];
  } finally {
    await load.kill();
    await data.remove();
  }
}
