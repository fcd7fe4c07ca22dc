// How much of Lighthouse's total blocking time is the page's main thread working, and how much
// waiting (docs/PERFORMANCE.md#lighthouses-own-trace-2026-11-30). Not a figure of the
// bench: run P13 with `BENCH_LIGHTHOUSE_REPORTS=/tmp/lh` (each report is kept with the trace
// Lighthouse simulated from), then `npx tsx bench/src/lighthouse-waits.ts /tmp/lh`.
//
// Lighthouse's mobile figures are a simulation: each main-thread task it observed is replayed 4×
// longer, and its TBT counts the part of each replayed task over 50 ms. A task's observed length
// is its wall time; the trace also gives its thread (CPU) time. Where the two differ, the thread
// was not running: waiting for a core, or stopped on another thread (a garbage collection's
// helpers, say). Printed per report: its
// score and TBT, then the observed tasks that become long tasks (12.5 ms and more), their
// blocking ×4 by wall time (what Lighthouse counts) and by CPU time (what the page's own work
// would cost on free cores), and for the longest ones what else in Chromium ran meanwhile.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SLOWDOWN, ms, rendererMains, startOf, threadKey, type TraceEvent } from './lib/trace-events.js';

const LONG_MS = 50;

type Report = { categories: { performance: { score: number } }; audits: Record<string, { numericValue?: number }>; environment: { benchmarkIndex: number } };

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** Trace microseconds → milliseconds. */
const msOf = (us = 0) => us / 1_000;

function readTrace(file: string) {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  const events = raw.traceEvents;
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name ?? '?']));
  const processes = new Map(events.filter((e) => e.ph === 'M' && e.name === 'process_name').map((e) => [e.pid, e.args?.name ?? '?']));
  const tasks = events.filter((e) => e.ph === 'X' && TASKS.has(e.name) && e.dur);
  // The page's renderer: the main thread of the process that navigated, the busiest if several.
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const busy = (key: string) => tasks.filter((e) => threadKey(e) === key).reduce((sum, { dur = 0 }) => sum + dur, 0);
  const main = [...rendererMains(events)].sort((a, b) => busy(b) - busy(a))[0];
  const { ts: start } = navigation ?? tasks[0]!;
  const threadOf = (e: TraceEvent) => `${processes.get(e.pid) ?? e.pid} ${names.get(threadKey(e)) ?? e.tid}`;
  return { tasks, main, start, threadOf };
}

/** Other threads' CPU time inside a window, by thread, largest first. */
function beside(trace: ReturnType<typeof readTrace>, from: number, to: number): string {
  const byThread = new Map<string, number>();
  for (const e of trace.tasks) {
    if (threadKey(e) === trace.main) continue;
    const { ts: began, dur = 0, tdur } = e;
    if (tdur === undefined) continue;
    const overlap = Math.min(began + dur, to) - Math.max(began, from);
    if (overlap <= 0) continue;
    byThread.set(trace.threadOf(e), (byThread.get(trace.threadOf(e)) ?? 0) + (tdur / dur) * overlap);
  }
  return [...byThread].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([thread, us]) => `${thread} ${ms(us)}`).join(', ');
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: npx tsx bench/src/lighthouse-waits.ts <BENCH_LIGHTHOUSE_REPORTS folder>');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.trace.json')).sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, file.replace(/\.trace\.json$/, '.json')), 'utf8')) as Report;
  const trace = readTrace(path.join(dir, file));
  // The main thread's top-level tasks (a nested message loop's tasks are inside one) whose thread time is known.
  let end = -Infinity;
  const topLevel = trace.tasks.filter((e) => threadKey(e) === trace.main && e.tdur !== undefined)
    .sort((a, b) => startOf(a) - startOf(b))
    .filter(({ ts: began, dur = 0 }) => began >= end && ((end = began + dur), true));
  const long = topLevel.filter((e) => msOf(e.dur) * SLOWDOWN >= LONG_MS);
  const blocking = (ms: number) => Math.max(0, ms * SLOWDOWN - LONG_MS);
  const byWall = long.reduce((sum, { dur }) => sum + blocking(msOf(dur)), 0);
  const byCpu = long.reduce((sum, { tdur }) => sum + blocking(msOf(tdur)), 0);
  const tbt = report.audits['total-blocking-time']?.numericValue ?? NaN;
  console.log(`${file}: performance ${Math.round(report.categories.performance.score * 100)}, TBT ${Math.round(tbt)} ms, CPU index ${report.environment.benchmarkIndex}`);
  console.log(`  ${long.length} observed tasks of 12.5 ms or more; blocking ×${SLOWDOWN} by wall time ${Math.round(byWall)} ms, by CPU time ${Math.round(byCpu)} ms`);
  for (const task of [...long].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 3)) {
    const { ts: began, dur = 0, tdur = 0 } = task;
    console.log(`  at ${ms(began - trace.start)}: wall ${ms(dur)}, CPU ${ms(tdur)}; beside it ${beside(trace, began, began + dur) || 'nothing'}`);
  }
}
