import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import type { Counts } from '../lib/modes.js';
import { ms, type FigureRow } from '../lib/result.js';
import { round, sleep } from '../lib/stats.js';
import pg from 'pg';
import { benchDatabaseUrl, seedFleet } from '../fixtures/bench-db.js';
import { makeDataDir, startPano } from './fleet.js';
import { pageProbe } from './page-probe.js';
import { describeGrowth, domCounters, saveHeapSnapshot, type DomCounters, type HeapSnapshot } from '../lib/heap-snapshot.js';

const playerDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../player/dist');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const ITEM_SECONDS = 1;
const BASE_TRANSITIONS = 100;
/** Heap samples (forced GC) every so many transitions after the base, so the note shows a plateau or a slope. */
const SAMPLE_EVERY = Number(process.env.BENCH_LOOP_SAMPLE_EVERY) || 1000;
/** Opt-in: a directory for V8 heap snapshots at the base, the middle and the end, compared in the log. */
const SNAPSHOT_DIR = process.env.BENCH_HEAP_SNAPSHOTS;
/** Opt-in: the screen also shows a ticker bar (two texts), so the ticker's frame loop runs all along. */
const WITH_TICKER = process.env.BENCH_LOOP_TICKER === '1';

/** P8: the shipped player (/player, paired by its stored credentials) looping a 3-image playlist in Chromium. */
export async function playerLoop(c: Counts, log: (m: string) => void): Promise<FigureRow[]> {
  if (!existsSync(path.join(playerDist, 'index.html'))) throw new Error('player/dist is missing: run `npm run build -w player` first');
  const data = await makeDataDir();
  let browser: Browser | undefined;
  const pano = await startPano(data.dir);
  try {
    const fleet = await seedFleet({ screens: 1, items: 3, uploadsDir: data.uploads });
    const p = fleet.players[0]!;
    if (WITH_TICKER) await addTickerBar(fleet.ownerId, p.screenId);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
    await page.addInitScript({ content: pageProbe({ creds: JSON.stringify({ deviceToken: p.deviceToken, screenId: p.screenId }), itemMs: c.loopItemMs, max: c.loopTransitions }) });
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    await page.goto(`${pano.url}/player/`);
    const count = () => page.evaluate(() => (window as unknown as { __loop: { count: number } }).__loop.count);
    const limit = Date.now() + c.loopTransitions * c.loopItemMs * 3 + 20_000;
    log(`player loop: ${c.loopTransitions} transitions of ${c.loopItemMs} ms items`);
    const samples: { n: number; heap: number }[] = [];
    const snapshots: HeapSnapshot[] = [];
    const snapshot = async (n: number) => {
      if (!SNAPSHOT_DIR) return;
      mkdirSync(SNAPSHOT_DIR, { recursive: true });
      const file = path.join(SNAPSHOT_DIR, `p8-${n}.heapsnapshot`);
      snapshots.push(await saveHeapSnapshot(cdp, file));
      log(`heap snapshot at transition ${n}: ${file}`);
    };
    let base = NaN;
    let domAtBase: DomCounters | undefined;
    let nextSample = SAMPLE_EVERY;
    let middleTaken = false;
    while (Date.now() < limit) {
      const n = await count();
      if (n >= c.loopTransitions) break;
      if (Number.isNaN(base) && n >= BASE_TRANSITIONS) {
        base = await heap();
        samples.push({ n, heap: base });
        domAtBase = await domCounters(cdp);
        await snapshot(n);
      } else if (!Number.isNaN(base) && n >= nextSample) {
        samples.push({ n, heap: await heap() });
        while (nextSample <= n) nextSample += SAMPLE_EVERY;
      }
      if (!Number.isNaN(base) && !middleTaken && n >= c.loopTransitions / 2) {
        middleTaken = true;
        await snapshot(n);
      }
      await sleep(Math.min(1000, c.loopItemMs * 5));
    }
    const end = await heap();
    const endCount = await count();
    samples.push({ n: endCount, heap: end });
    const domAtEnd = await domCounters(cdp);
    await snapshot(endCount);
    if (SNAPSHOT_DIR) {
      // Resource Timing entries are kept by the page (up to its buffer size): which requests made them.
      const resources = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.replace(/^https?:\/\/[^/]+/, '')));
      const byName = new Map<string, number>();
      for (const r of resources) byName.set(r, (byName.get(r) ?? 0) + 1);
      log(`resource timing entries: ${resources.length}; ${[...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([r, k]) => `${k}× ${r.slice(0, 60)}`).join(', ')}`);
    }
    if (snapshots.length >= 2) log(describeGrowth(snapshots[0]!, snapshots[snapshots.length - 1]!, snapshots.length > 2 ? snapshots[1] : undefined));
    const times = await page.evaluate(() => {
      const l = (window as unknown as { __loop: { times: Float64Array; count: number } }).__loop;
      return Array.from(l.times.subarray(0, l.count));
    });
    if (times.length < c.loopTransitions) {
      if (process.env.BENCH_DEBUG) console.log(await page.content());
      throw new Error(`only ${times.length}/${c.loopTransitions} transitions within the time limit`);
    }
    // Lateness of each transition beyond the item's duration (the first two include page start-up).
    const gaps = times.slice(2).map((t, i) => t - times[i + 1]! - c.loopItemMs);
    const longest = Math.max(...gaps);
    // gaps[i] ends at transition i + 3; a forced GC right after transition n delays transition n + 1.
    const longestAt = gaps.indexOf(longest) + 3;
    const afterMeasurement = samples.some((x) => longestAt - x.n >= 1 && longestAt - x.n <= 2);
    const growth = (end - base) / base;
    const mb = (v: number) => (v / 1024 / 1024).toFixed(3);
    const sampled = `heap at transition ${samples.map((x) => x.n).join(' / ')}: ${samples.map((x) => mb(x.heap)).join(' / ')} MB`;
    const dom = (d: DomCounters | undefined) => (d ? `${d.nodes} nodes, ${d.jsEventListeners} listeners, ${d.documents} documents` : 'n/a');
    const domLine = `DOM at the base ${dom(domAtBase)}, at the end ${dom(domAtEnd)}`;
    const counted = `${times.length} transitions of ${c.loopItemMs} ms items (3 images; the player's ${ITEM_SECONDS} s item timer shortened in the page${c.loopItemMs === 1000 ? ': not shortened' : ''}), shipped player/dist${WITH_TICKER ? ', with the ticker bar scrolling' : ''}, Chromium headless`;
    return [
      {
        id: 'P8', figure: `player loop: JS heap growth after ${times.length} transitions`, value: `${round(growth * 100, 2)} % (${round(end / 1024 / 1024, 2)} MB)`,
        baseline: `${round(base / 1024 / 1024, 2)} MB after ${samples[0]?.n ?? BASE_TRANSITIONS}`, ratio: Number((end / base).toFixed(3)), goal: '≤ 5 %', pass: growth <= 0.05,
        note: `${counted}; used JS heap after a forced GC (CDP) at transition ${BASE_TRANSITIONS} and at the end; ${sampled}; ${domLine}`,
        detail: { samples, domAtBase, domAtEnd },
      },
      {
        id: 'P8', figure: 'player loop: longest gap between items', value: ms(longest), baseline: `median lateness ${ms(gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? NaN)}`,
        ratio: null, goal: '≤ 100 ms', pass: longest <= 100,
        note: `${counted}; gap = time between two items becoming visible − the item's duration; the longest ends transition ${longestAt}${afterMeasurement ? ', right after a heap measurement (forced GC)' : ''}${SNAPSHOT_DIR ? ' (heap snapshots were taken during the run: their pauses count)' : ''}`,
      },
    ];
  } finally {
    await browser?.close().catch(() => {});
    await pano.child.kill();
    await data.remove();
  }
}

/** A ticker playlist of two texts on the screen (display settings stay the defaults: bar shown). */
async function addTickerBar(ownerId: string, screenId: string): Promise<void> {
  const db = new pg.Client({ connectionString: benchDatabaseUrl });
  await db.connect();
  try {
    const id = randomUUID();
    await db.query(`INSERT INTO direction_playlists (id, "ownerId", name, speed, "updatedAt") VALUES ($1, $2, 'Bench yönler', 3, now())`, [id, ownerId]);
    await db.query(
      `INSERT INTO direction_texts (id, "playlistId", position, text) VALUES ($1, $3, 0, 'Giriş katı: kafeterya →'), ($2, $3, 1, '← Asansörler ve otopark')`,
      [randomUUID(), randomUUID(), id],
    );
    await db.query(`UPDATE screens SET "currentDirectionPlaylistId" = $1 WHERE id = $2`, [id, screenId]);
  } finally {
    await db.end();
  }
}
