// P11's load generator: play-record batches as players upload them, prepared before the clock
// starts (UUIDs and JSON would otherwise cost this machine's cores during the measurement), then
// sent over `connections` keep-alive connections, each posting its next batch as soon as the
// previous one is answered. It also writes the same rows as a COPY file for the baseline.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Pool } from 'undici';
import { serveRpc } from '../lib/serve-rpc.mjs';
import { summarize } from '../lib/stats.js';

type Device = { screenId: string; deviceToken: string; playlistId: string; mediaIds: string[] };
type PrepareArgs = { ownerId: string; devices: Device[]; batches: number; batchSize: number; copyFile: string };
type RunArgs = { url: string; connections: number };

let bodies: { auth: string; body: string; records: number }[] = [];

const ITEM_MS = 10_000;

serveRpc({
  prepare: async (a: PrepareArgs) => {
    const lines: string[] = [];
    bodies = [];
    // Yesterday's plays, one 10-second item after another on every screen.
    const t0 = Date.now() - 86_400_000;
    for (let b = 0; b < a.batches; b++) {
      for (const d of a.devices) {
        const plays = Array.from({ length: a.batchSize }, (_, k) => {
          const n = b * a.batchSize + k;
          return {
            id: randomUUID(), screenId: d.screenId, mediaId: d.mediaIds[n % d.mediaIds.length]!, playlistId: d.playlistId,
            scheduleId: null, startedAt: new Date(t0 + n * ITEM_MS).toISOString(), durationMs: ITEM_MS, outcome: 'completed',
          };
        });
        for (const p of plays) lines.push([p.id, a.ownerId, p.screenId, p.mediaId, p.playlistId, '\\N', p.startedAt, p.durationMs, p.outcome].join('\t'));
        bodies.push({ auth: `Bearer ${d.deviceToken}`, body: JSON.stringify({ plays }), records: plays.length });
      }
    }
    await writeFile(a.copyFile, `${lines.join('\n')}\n`);
    return { batches: bodies.length, records: lines.length, bytes: bodies.reduce((n, b) => n + b.body.length, 0) };
  },

  run: async (a: RunArgs) => {
    const pool = new Pool(a.url, { connections: a.connections, pipelining: 1 });
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    let accepted = 0;
    let duplicates = 0;
    let next = 0;
    const start = performance.now();
    try {
      await Promise.all(Array.from({ length: a.connections }, async () => {
        for (let i = next++; i < bodies.length; i = next++) {
          const b = bodies[i]!;
          const t = performance.now();
          const res = await pool.request({
            path: '/api/devices/plays', method: 'POST', body: b.body,
            headers: { authorization: b.auth, 'content-type': 'application/json' },
          });
          const text = await res.body.text();
          latencies.push(performance.now() - t);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 200) {
            const r = JSON.parse(text) as { accepted: number; duplicates: number };
            accepted += r.accepted;
            duplicates += r.duplicates;
          }
        }
      }));
    } finally {
      await pool.close();
    }
    const seconds = (performance.now() - start) / 1000;
    const s = summarize(latencies);
    return { seconds, accepted, duplicates, batches: latencies.length, p50: s.p50, p99: s.p99, statuses: Object.fromEntries(statuses) };
  },
});
