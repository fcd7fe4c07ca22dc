import { startChild } from '../lib/children.js';
import { rssOf } from '../lib/machine.js';
import type { Counts } from '../lib/modes.js';
import { ratioOf, type FigureRow } from '../lib/result.js';
import { round, sleep } from '../lib/stats.js';
import { seedFleet } from '../fixtures/bench-db.js';
import { makeDataDir, settledRss, startBare, startPano, type ServerProc } from './fleet.js';

type Upload = { status: number; ms: number; body: string };
type Measured = { growth: number; mbps: number; upload: Upload };

/** Uploads once while sampling the server's RSS every 50 ms; growth = peak − before. */
async function measure(server: ServerProc, client: Awaited<ReturnType<typeof startChild>>, path: string, token: string, bytes: number): Promise<Measured> {
  const before = await settledRss(server);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) { peak = Math.max(peak, rssOf(server.child.pid)); await sleep(50); }
  })();
  try {
    const upload = await client.call<Upload>('upload', { url: server.url, path, token, bytes }, 30 * 60_000);
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${upload.body}`);
    return { growth: peak - before, mbps: bytes / 1024 / 1024 / (upload.ms / 1000), upload };
  } finally {
    sampling = false;
    await sampler;
  }
}

/** P7: one video upload through POST /api/media/upload against a bare stream-to-disk server. */
export async function uploadFigures(c: Counts, log: (m: string) => void): Promise<FigureRow[]> {
  const data = await makeDataDir();
  const client = await startChild('upload-client');
  const bytes = c.uploadMb * 1024 * 1024;
  try {
    const fleet = await seedFleet({ screens: 1, items: 1, uploadsDir: data.uploads, storageGb: Math.ceil((2 * c.uploadMb) / 1024) + 2 });
    // Interleaved twice, best of each: the machine is shared, a single upload is at the mercy of its neighbours.
    const bareRuns: Measured[] = [];
    const panoRuns: Measured[] = [];
    for (let i = 0; i < 2; i++) {
      log(`upload: bare stream-to-disk, ${c.uploadMb} MB (${i + 1}/2)`);
      const bareServer = await startBare('bare-upload', { BARE_UPLOAD_DIR: data.dir });
      bareRuns.push(await measure(bareServer, client, '/', 'x', bytes).finally(() => bareServer.child.kill()));
      log(`upload: Pano, ${c.uploadMb} MB (${i + 1}/2)`);
      const pano = await startPano(data.dir, { MAX_UPLOAD_MB: String(c.uploadMb + 10) });
      panoRuns.push(await measure(pano, client, '/api/media/upload', fleet.userToken, bytes).finally(() => pano.child.kill()));
    }
    const best = (runs: Measured[]) => ({ growth: Math.max(...runs.map((r) => r.growth)), mbps: Math.max(...runs.map((r) => r.mbps)) });
    const bare = best(bareRuns);
    const mine = best(panoRuns);
    const mb = (b: number) => `${round(b / 1024 / 1024, 1)} MB`;
    const note = `${c.uploadMb} MB multipart upload (MP4 header + filler) over loopback, 2 uploads each (interleaved): highest RSS growth, best MB/s (Pano ${panoRuns.map((r) => round(r.mbps)).join(', ')}; bare ${bareRuns.map((r) => round(r.mbps)).join(', ')} MB/s); RSS sampled every 50 ms`;
    return [
      {
        id: 'P7', figure: `upload ${c.uploadMb} MB: server RSS growth`, value: mb(mine.growth), baseline: mb(bare.growth),
        ratio: ratioOf(mine.growth, bare.growth), goal: '≤ 64 MB', pass: mine.growth <= 64 * 1024 * 1024, note,
      },
      {
        id: 'P7', figure: `upload ${c.uploadMb} MB: throughput`, value: `${round(mine.mbps)} MB/s`, baseline: `${round(bare.mbps)} MB/s`,
        ratio: ratioOf(mine.mbps, bare.mbps), goal: '≥ 0.8×', pass: mine.mbps >= 0.8 * bare.mbps, note,
      },
    ];
  } finally {
    await client.kill();
    await data.remove();
  }
}
