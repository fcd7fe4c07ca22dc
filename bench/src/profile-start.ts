// What a dashboard page's start runs on the main thread, by function, mapped through the build's
// source maps (docs/PERFORMANCE.md#where-medias-score-goes-2026-11-29). Not a figure of the bench:
// `npx vite build --sourcemap` in web/ (a build with maps in web/dist), then
// `npx tsx bench/src/profile-start.ts` from the root; `PROFILE_PAGES=/settings,/media` and
// `PROFILE_RUNS=3` to choose. Each load runs in headless Chromium without throttling under V8's
// sampling profiler (every 0.1 ms) until the network is idle and 3 s more (the sidebar's
// after-load reads). Printed per load: JavaScript and GC time, the functions with most time of
// their own, and our modules' functions by time including what they call. Samples are wall
// time: on a busy machine every figure grows, so compare loads of one run.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { recreateBenchDatabase } from './fixtures/bench-db.js';
import { makeDataDir, startPano } from './figures/fleet.js';
import { PAGES as LIGHTHOUSE_PAGES, seedPages } from './figures/lighthouse.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const assets = path.join(root, 'web/dist/assets');
const PAGES = process.env.PROFILE_PAGES?.split(',') ?? LIGHTHOUSE_PAGES.map((p) => p.path);
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const NOT_JS = new Set(['(idle)', '(program)', '(root)']);

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, SourceMapConsumer | null>();

/** `name source:line` of a frame in a built chunk; the bare URL's end where the chunk has no map. */
async function sourceOf({ url, lineNumber, columnNumber, functionName }: CallFrame): Promise<string> {
  const chunk = /\/assets\/([^/?]+\.js)$/.exec(url)?.[1];
  if (!chunk) return url ? `${functionName || '?'} ${url.slice(-40)}` : functionName;
  if (!maps.has(chunk)) {
    const file = path.join(assets, `${chunk}.map`);
    maps.set(chunk, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as RawSourceMap) : null);
  }
  const map = maps.get(chunk);
  if (!map) return `${functionName || '?'} ${chunk}`;
  const at = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  const source = at.source ? path.relative(root, path.resolve(assets, at.source)).replace(/^.*node_modules\//, '') : chunk;
  return `${at.name ?? (functionName || '?')} ${source}:${at.line ?? '?'}`;
}

const top = (byKey: Map<string, number>, n: number, keep: (k: string) => boolean = () => true) =>
  [...byKey].filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `  ${(us / 1000).toFixed(1).padStart(7)} ms  ${k}`).join('\n');

async function report(page: string, run: number, profile: Profile): Promise<void> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const own = new Map<string, number>();
  const including = new Map<string, number>();
  let js = 0;
  for (const [i, id] of profile.samples.entries()) {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const frame = byId.get(id)!.callFrame;
    if (NOT_JS.has(frame.functionName)) continue;
    js += us;
    const self = await sourceOf(frame);
    own.set(self, (own.get(self) ?? 0) + us);
    // Each function once per sample, however deep it recurses.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = await sourceOf(byId.get(at)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      including.set(name, (including.get(name) ?? 0) + us);
    }
  }
  console.log(`\n${page} load ${run}: JavaScript and GC ${Math.round(js / 1000)} ms\n time of their own:\n${top(own, 20)}`);
  console.log(` ours, including what they call:\n${top(including, 25, (k) => k.includes('web/src/'))}`);
}

await recreateBenchDatabase();
const data = await makeDataDir();
const pano = await startPano(data.dir);
let browser: Browser | undefined;
try {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const tokens = await seedPages(data.uploads);
  for (const page of PAGES) {
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const tab = await context.newPage();
      await tab.goto(`${pano.url}/robots.txt`);
      const token = tokens[LIGHTHOUSE_PAGES.find((p) => p.path === page)?.as ?? 'nobody'] ?? null;
      await tab.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token')), token);
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await tab.goto(`${pano.url}${page}`, { waitUntil: 'networkidle' });
      await tab.evaluate(() => new Promise((r) => setTimeout(r, 3_000)));
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      await context.close();
      await report(page, run, profile);
    }
  }
} finally {
  await browser?.close();
  await pano.child.kill();
  await data.remove();
}
