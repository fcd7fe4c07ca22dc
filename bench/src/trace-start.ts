// Where a dashboard page's start spends the main thread, by CPU time, so that it can be read on
// a loaded machine (docs/PERFORMANCE.md#where-a-pages-start-goes-2026-11-27). Not a figure of
// the bench: `npx tsx bench/src/trace-start.ts` after `npm run build -w web` (web/dist as built),
// `TRACE_PAGES=/,/login,/media` and `TRACE_RUNS=5` to choose. Each load is traced in headless
// Chromium without throttling; every main-thread task's thread time (`tdur`, CPU time) is
// multiplied by 4 as Lighthouse's simulation multiplies what it observed, and "blocking" is
// summed as TBT is: the part of each task over 50 ms. Each task over 50 ms is printed with when
// it began after the first, its wall time ×4 (what Lighthouse's TBT counts, longer than its
// thread time when the machine is busy) and its longest events, in real milliseconds. The
// baseline page (bench/src/fixtures/lighthouse-baseline) is built and loaded the same way, as
// P13 does.
import { chromium } from 'playwright-core';
import { recreateBenchDatabase } from './fixtures/bench-db.js';
import { makeDataDir, startBare, startPano } from './figures/fleet.js';
import { PAGES as LIGHTHOUSE_PAGES, buildBaseline, seedPages } from './figures/lighthouse.js';
import { SLOWDOWN, ms, rendererMains, startOf, threadKey, type TraceEvent } from './lib/trace-events.js';

const PAGES = process.env.TRACE_PAGES?.split(',') ?? LIGHTHOUSE_PAGES.map((p) => p.path);
const RUNS = Number(process.env.TRACE_RUNS ?? 3);

/** The main-thread tasks of the page's renderer, with what took most of each. */
function tasksOf(events: TraceEvent[]): { ms: number; what: string }[] {
  const mains = rendererMains(events);
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = threadKey(e);
    if (e.ph !== 'X' || !mains.has(key)) continue;
    const thread = byThread.get(key);
    if (thread) thread.push(e);
    else byThread.set(key, [e]);
  }
  const busiest = [...byThread.values()].sort((a, b) => work(b) - work(a))[0] ?? [];
  const first = Math.min(...busiest.map(startOf));
  return busiest.filter((e) => e.name === 'ThreadControllerImpl::RunTask').map((task) => {
    // What ran in it: its longest events (over 1 ms, the garbage collector's parts left out) in order.
    const inners = busiest
      .filter((e) => e !== task && e.name !== 'ThreadControllerImpl::RunTask' && !e.name.startsWith('V8.GC') && within(e, task) && (e.dur ?? 0) > 1_000)
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 4)
      .sort((a, b) => startOf(a) - startOf(b))
      .map((e) => `${e.name}${e.args?.data?.url ? ` ${new URL(e.args.data.url, 'http://x').pathname}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''} ${ms(e.dur)}`);
    const when = `at ${ms(startOf(task) - first)}, wall ×${SLOWDOWN} ${ms((task.dur ?? 0) * SLOWDOWN)}`;
    return { ms: ((task.tdur ?? 0) / 1000) * SLOWDOWN, what: `${when}: ${inners.join(', ') || '?'}` };
  });
}

/** Whether an event began inside a task (trace times are microseconds, `ts` and `dur`). */
function within({ ts: at }: TraceEvent, { ts: start, dur = 0 }: TraceEvent): boolean {
  return at >= start && at < start + dur;
}

function work(events: TraceEvent[]): number {
  return events.filter((e) => e.name === 'ThreadControllerImpl::RunTask').reduce((a, e) => a + (e.tdur ?? 0), 0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

await recreateBenchDatabase();
const data = await makeDataDir();
const baselineDist = await buildBaseline(data.dir);
const pano = await startPano(data.dir);
const bare = await startBare('bare-static', { BENCH_STATIC_DIST: baselineDist });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  const tokens = await seedPages(data.uploads);
  for (const page of ['baseline', ...PAGES]) {
    const blocking: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const tab = await context.newPage();
      const origin = page === 'baseline' ? bare.url : pano.url;
      await tab.goto(`${origin}/robots.txt`);
      const token = page === 'baseline' ? null : tokens[LIGHTHOUSE_PAGES.find((p) => p.path === page)?.as ?? 'nobody'];
      await tab.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token')), token);
      await browser.startTracing(tab, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'] });
      await tab.goto(`${origin}${page === 'baseline' ? '/' : page}`, { waitUntil: 'networkidle' });
      // The sidebar's health loads a second after the load event, when the browser is idle.
      await tab.waitForFunction(() => document.readyState === 'complete');
      await tab.evaluate(() => new Promise((r) => setTimeout(r, 3_000)));
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      await context.close();
      const tasks = tasksOf(trace.traceEvents);
      const total = tasks.reduce((a, t) => a + t.ms, 0);
      const blocked = tasks.reduce((a, t) => a + Math.max(0, t.ms - 50), 0);
      blocking.push(blocked);
      console.log(`${page} load ${run + 1}: thread time ×${SLOWDOWN} ${Math.round(total)} ms, blocking ${Math.round(blocked)} ms; tasks over 50 ms:`);
      for (const t of tasks.filter((x) => x.ms > 50)) console.log(`  ${Math.round(t.ms)} ms  ${t.what}`);
    }
    console.log(`${page}: median blocking ×${SLOWDOWN} by thread time ${Math.round(median(blocking))} ms (${blocking.map(Math.round).join(', ')})\n`);
  }
} finally {
  await browser.close();
  await pano.child.kill();
  await bare.child.kill();
  await data.remove();
}
