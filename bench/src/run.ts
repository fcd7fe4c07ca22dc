// `npm run bench [-- --quick|--full] [-- --only=P1,P5]`: every figure against its baseline,
// in one run on this machine; writes bench/results/latest.json and the table in docs/PERFORMANCE.md
// (an `--only` run writes bench/results/partial.json only). P15 plays BENCH_P15_SECONDS (default 300) twice;
// P16 and P17 take BENCH_P16_MB, BENCH_P17_MB and BENCH_P17_HEVC_SECONDS (defaults: the 2048, 200, 20).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuiltAsync } from '../../scripts/build-freshness.mjs';
import { buildServer } from '../../scripts/build-server.mjs';
import { killAllChildren } from './lib/children.js';
import { machineInfo } from './lib/machine.js';
import { countsFrom, selectedFigures } from './lib/modes.js';
import { printRows, writeReport } from './lib/report.js';
import type { FigureRow } from './lib/result.js';
import { recreateBenchDatabase } from './fixtures/bench-db.js';
import { bundleSize } from './figures/bundle-size.js';
import { configThroughput } from './figures/config-throughput.js';
import { layoutPlayback } from './figures/layout-playback.js';
import { lighthouseFigures } from './figures/lighthouse.js';
import { mediaReadyFigures } from './figures/media-ready.js';
import { playerLoop } from './figures/player-loop.js';
import { playFigures } from './figures/plays.js';
import { pushFigures } from './figures/push.js';
import { resumableUploadFigures } from './figures/resumable-upload.js';
import { scheduleBoundary } from './figures/schedule-boundary.js';
import { uploadFigures, type BareUpload } from './figures/upload.js';

const argv = process.argv.slice(2);
const counts = countsFrom(argv, process.env);
const only = selectedFigures(argv);
const want = (...ids: string[]) => !only || ids.some((id) => only.has(id));
const started = Date.now();
const log = (m: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(1)} s] ${m}`);

// The API processes run the compiled server, as `npm start` does.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
if (await ensureBuiltAsync(repoRoot, 'server', () => buildServer(repoRoot))) log('server/dist rebuilt');

const machine = machineInfo();
log(`${counts.mode} mode on ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}; load ${machine.loadAvg.join(' ')}`);
const rows: FigureRow[] = [];
const errors: string[] = [];
const step = async (ids: string[], what: string, fn: () => Promise<FigureRow[]>) => {
  if (!want(...ids)) return;
  try {
    const got = await fn();
    printRows(got);
    rows.push(...got);
  } catch (err) {
    const msg = `${ids.join('/')} (${what}): ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
    console.error(`[bench] FAILED ${msg}`);
    errors.push(msg);
    killAllChildren();
  }
};

try {
  if (want('P1', 'P2', 'P3', 'P4', 'P5', 'P7', 'P8', 'P9', 'P10', 'P13', 'P14', 'P15', 'P16', 'P17')) {
    log('recreating and migrating the bench database');
    await recreateBenchDatabase();
  }
  await step(['P6'], 'bundle size', bundleSize);
  await step(['P5'], 'config throughput', () => configThroughput(counts, log));
  // P16's throughput is compared with P7's bare baseline of the same run (measured alone without P7).
  let bareUpload: BareUpload | undefined;
  await step(['P7'], 'upload', async () => {
    const got = await uploadFigures(counts, log);
    bareUpload = got.bare;
    return got.rows;
  });
  await step(['P16'], 'resumable upload', () => resumableUploadFigures(counts, bareUpload, log));
  await step(['P17'], 'upload to ready', () => mediaReadyFigures(counts, log));
  await step(['P1', 'P2', 'P3', 'P4', 'P9', 'P10'], 'push and alerts', () => pushFigures(counts, only, log));
  await step(['P8'], 'player loop', () => playerLoop(counts, log));
  await step(['P14'], 'schedule boundary', () => scheduleBoundary(log));
  await step(['P13'], 'Lighthouse', () => lighthouseFigures(counts, log));
  await step(['P11', 'P12'], 'plays', () => playFigures(counts, only, log));
  await step(['P15'], 'layout playback', () => layoutPlayback(log));
  const order = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10', 'P11', 'P12', 'P13', 'P14', 'P15', 'P16', 'P17'];
  rows.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  const written = await writeReport({ date: new Date().toISOString(), counts, machine, rows, errors, seconds: Math.round((Date.now() - started) / 1000) }, only !== null);
  log(`done: ${rows.length} rows, ${errors.length} failed; ${written}`);
} finally {
  killAllChildren();
}
process.exit(errors.length ? 1 : 0);
