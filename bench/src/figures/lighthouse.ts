import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch as launchChrome, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompressPlugin } from '../../../scripts/precompress.mjs';
import { makePng } from '../../../e2e/support/media-files.js';
import { seedAdmin, seedFleet } from '../fixtures/bench-db.js';
import type { Counts } from '../lib/modes.js';
import type { FigureRow } from '../lib/result.js';
import { round } from '../lib/stats.js';
import { initialJs } from './bundle-size.js';
import { makeDataDir, startBare, startPano, type ServerProc } from './fleet.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '../../../web');
const baselineDir = path.resolve(here, '../fixtures/lighthouse-baseline');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const GOAL = 90;
/** Opt-in: a directory for each run's full Lighthouse report (JSON, opens in the Lighthouse viewer). */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const BUDGET_KB = 130;
/** Opt-in: a comma-separated list of the paths below to run alone (`/media,/login`), for working on one page. */
const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);

/** Who is signed in (the token in localStorage, as the login page leaves it) when the page is opened. */
export type As = 'nobody' | 'customer' | 'admin';
export const PAGES: { path: string; as: As }[] = [
  { path: '/', as: 'nobody' },
  { path: '/login', as: 'nobody' },
  { path: '/media', as: 'customer' },
  { path: '/playlists', as: 'customer' },
  { path: '/settings', as: 'customer' },
  { path: '/admin/sales', as: 'admin' },
];

/** One Lighthouse run; `cpu` is its benchmarkIndex (how fast this machine ran a fixed JavaScript loop just then). */
type Run = {
  scores: Record<Category, number>; metrics: Record<string, number>; failing: string[]; warnings: string[]; cpu: number;
  /** Where the blocking time went: main-thread time per script (Lighthouse's bootup-time), longest first. */
  scripts: { url: string; ms: number }[];
};

const METRICS = {
  FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift', SI: 'speed-index',
} as const;

/** The baseline page (a minimal React 19 page), built by the same vite into `dataDir`; returns its dist. */
export async function buildBaseline(dataDir: string): Promise<string> {
  const dist = path.join(dataDir, 'baseline-dist');
  await build({
    root: baselineDir, configFile: false, logLevel: 'silent', mode: 'production',
    plugins: [react(), precompressPlugin()], build: { outDir: dist, emptyOutDir: true },
  });
  return dist;
}

/** The pages' data (one customer's 12 images, a playlist, 3 screens, a package; an admin) and who signs in as what. */
export async function seedPages(uploadsDir: string): Promise<Record<As, string | null>> {
  const fleet = await seedFleet({ screens: 3, items: 12, uploadsDir, image: { bytes: makePng(1280, 720, [37, 99, 235], 9), width: 1280, height: 720 } });
  return { nobody: null, customer: fleet.userToken, admin: await seedAdmin() };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * P13: Lighthouse (the npm package, default mobile config: Moto G Power screen, simulated slow
 * 4G and 4× CPU slowdown) on Debian's Chromium, launched by chrome-launcher with its path,
 * never a downloaded browser. The dashboard is built as `npm run build` does (web/dist), served
 * by the API process as `npm start` serves it, with one customer's content (12 images, a
 * playlist, 3 screens, a running package) and an administrator for the sales report.
 */
export async function lighthouseFigures(c: Counts, log: (m: string) => void): Promise<FigureRow[]> {
  log('P13: building web/dist');
  await build({ root: webDir, configFile: path.join(webDir, 'vite.config.ts'), logLevel: 'silent', mode: 'production', build: { emptyOutDir: false } });
  const initial = await initialJs(path.join(webDir, 'dist'));
  const data = await makeDataDir();
  log('P13: building the baseline page');
  const baselineDist = await buildBaseline(data.dir);
  const pano = await startPano(data.dir);
  let bare: ServerProc | undefined;
  let chrome: LaunchedChrome | undefined;
  let cdp: Browser | undefined;
  try {
    bare = await startBare('bare-static', { BENCH_STATIC_DIST: baselineDist });
    const tokens = await seedPages(data.uploads);
    chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    // A CDP connection of our own sets the session and empties the HTTP cache before each run:
    // Lighthouse's storage reset would also delete the signed-in token, so it is turned off.
    cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const setup = await cdp.contexts()[0]!.newPage();
    await setup.goto(`${pano.url}/robots.txt`);
    const session = await setup.context().newCDPSession(setup);
    const rows: FigureRow[] = [];
    // The baseline first, then each page, all in this run: the pages are read against it.
    const baselineRuns: Run[] = [];
    for (let i = 0; i < c.lighthouseRuns; i++) baselineRuns.push(await runLighthouse(`${bare.url}/`, chrome.port, session, log));
    const baseline = baselineRow(baselineRuns, c.lighthouseRuns);
    log(`P13 baseline: ${baseline.value}`);
    rows.push(baseline);
    for (const page of PAGES.filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.path))) {
      const runs: Run[] = [];
      for (let i = 0; i < c.lighthouseRuns; i++) {
        await setup.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token')), tokens[page.as]);
        runs.push(await runLighthouse(`${pano.url}${page.path}`, chrome.port, session, log));
      }
      const row = pageRow(page.path, page.as, runs, c.lighthouseRuns, baselineRuns);
      log(`P13 ${page.path}: ${row.value}`);
      rows.push(row);
    }
    const kb = (b: number) => round(b / 1024, 1);
    rows.push({
      id: 'P13', figure: 'dashboard initial JavaScript, gzip', value: `${kb(initial.gzip)} KB`, baseline: '—', ratio: null,
      goal: `≤ ${BUDGET_KB} KB`, pass: initial.gzip <= BUDGET_KB * 1024,
      note: `gzip -9 of what web/dist/index.html loads before the first page renders: ${initial.files.join(', ')} (${kb(initial.bytes)} KB raw)`,
    });
    return rows;
  } finally {
    await cdp?.close().catch(() => {});
    chrome?.kill();
    await pano.child.kill();
    await bare?.child.kill();
    await data.remove();
  }
}

/** Tries of one run: Lighthouse itself asks to be run again when its trace came out broken (NO_NAVSTART and the like). */
const TRIES = 3;

async function runLighthouse(url: string, port: number, session: CDPSession, log: (m: string) => void): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    await session.send('Network.clearBrowserCache');
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (REPORT_DIR) {
      await mkdir(REPORT_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}-${Date.now()}.json`;
      await writeFile(path.join(REPORT_DIR, name), typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
      // And the trace it simulated from, for bench/src/lighthouse-waits.ts (none when its trace broke).
      const trace = result.artifacts.Trace as unknown;
      if (trace) await writeFile(path.join(REPORT_DIR, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
    }
    if (!error) return summarizeRun(result.lhr);
    if (attempt >= TRIES) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
    log(`P13 ${url}: ${error.code}, running it again`);
  }
}

function summarizeRun(lhr: Result): Run {
  const scores = Object.fromEntries(CATEGORIES.map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)])) as Record<Category, number>;
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? NaN]));
  // Audits of accessibility and best practices that count and did not pass: what a note under
  // 90 has to explain (performance's are its metrics, which the note gives).
  const failing = CATEGORIES.filter((k) => k !== 'performance').flatMap((k) => (lhr.categories[k]?.auditRefs ?? [])
    .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
    .map((r) => `${r.id} (${k})`));
  const bootup = (lhr.audits['bootup-time']?.details as { items?: { url: string; scripting?: number; total?: number }[] } | undefined)?.items ?? [];
  const scripts = bootup.map((i) => ({ url: shortUrl(i.url), ms: Math.round(i.scripting ?? i.total ?? 0) })).sort((a, b) => b.ms - a.ms);
  return { scores, metrics, failing, warnings: lhr.runWarnings, cpu: lhr.environment.benchmarkIndex, scripts };
}

/** `http://127.0.0.1:40123/assets/index-abc.js` → `assets/index-abc.js`; other texts as they are. */
const shortUrl = (u: string) => { try { return new URL(u).pathname.replace(/^\//, '') || '/'; } catch { return u; } };

const medianOf = (runs: Run[], metric: string) => median(runs.map((r) => r.metrics[metric]!));

/** The top scripts of the median-TBT run: where that page's main-thread time went. */
function topScripts(runs: Run[]): string {
  const run = [...runs].sort((a, b) => a.metrics.TBT! - b.metrics.TBT!)[Math.floor(runs.length / 2)]!;
  return run.scripts.slice(0, 3).map((s) => `${s.url} ${s.ms} ms`).join(', ');
}

/**
 * P13's baseline row (docs/PERFORMANCE.md#p13-baseline): the smallest React page of the same
 * stack, built by the same vite and served by the same static-file code, in the same run.
 */
function baselineRow(runs: Run[], count: number): FigureRow {
  const perf = median(runs.map((r) => r.scores.performance));
  return {
    id: 'P13', figure: 'Lighthouse mobile, baseline page (React 19, same vite and static serving)', value: `${perf}`,
    baseline: '—', ratio: null, goal: '—', pass: null,
    note: `median of ${count} run(s) (performance per run: ${runs.map((r) => r.scores.performance).join(', ')}); median TBT ${Math.round(medianOf(runs, 'TBT'))} ms, `
      + `LCP ${Math.round(medianOf(runs, 'LCP'))} ms; scripts: ${topScripts(runs)}; Lighthouse's CPU benchmark index ${runs.map((r) => Math.round(r.cpu)).join(', ')}`,
    detail: { runs },
  };
}

function pageRow(urlPath: string, as: As, runs: Run[], count: number, baselineRuns: Run[]): FigureRow {
  const scores = Object.fromEntries(CATEGORIES.map((k) => [k, median(runs.map((r) => r.scores[k]))])) as Record<Category, number>;
  const metrics = Object.fromEntries(Object.keys(METRICS).map((k) => [k, median(runs.map((r) => r.metrics[k]!))]));
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  const warnings = [...new Set(runs.flatMap((r) => r.warnings))];
  const ms = (v: number | undefined) => `${Math.round(v ?? NaN)} ms`;
  const basePerf = median(baselineRuns.map((r) => r.scores.performance));
  const who = as === 'nobody' ? 'signed out' : `signed in as the ${as === 'admin' ? 'administrator' : 'customer'}`;
  return {
    id: 'P13',
    figure: `Lighthouse mobile ${urlPath}: performance / accessibility / best practices`,
    value: `${scores.performance} / ${scores.accessibility} / ${scores['best-practices']}`,
    // Performance against the baseline page's in the same run: the ratio means the same on a
    // faster or slower machine, where the absolute score moves with the CPU.
    baseline: `${basePerf}`, ratio: basePerf > 0 ? round(scores.performance / basePerf, 2) : null,
    goal: `≥ ${GOAL} each`, pass: CATEGORIES.every((k) => scores[k] >= GOAL),
    note: `${who}; median of ${count} run(s), cold HTTP cache (performance per run: ${runs.map((r) => r.scores.performance).join(', ')}); `
      + `median FCP ${ms(metrics.FCP)}, LCP ${ms(metrics.LCP)}, TBT ${ms(metrics.TBT)} (baseline ${ms(medianOf(baselineRuns, 'TBT'))}), CLS ${round(metrics.CLS ?? NaN, 3)}, SI ${ms(metrics.SI)}; `
      + `main-thread scripts: ${topScripts(runs)}; `
      + `Lighthouse's CPU benchmark index ${runs.map((r) => Math.round(r.cpu)).join(', ')}`
      + `${failing.length ? `; not passed: ${failing.join(', ')}` : ''}${warnings.length ? `; Lighthouse warned: ${warnings.join(' ')}` : ''}`,
    detail: { runs },
  };
}
