// What the bench's trace readers (trace-start.ts, lighthouse-waits.ts) share about a Chromium
// trace: its events, Lighthouse's CPU slowdown, and which threads are a page's main thread.

/** A trace event as far as the readers use it; times are trace microseconds. */
export type TraceEvent = {
  name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; isLoadingMainFrame?: boolean } };
};

/** Lighthouse's mobile simulation replays each observed main-thread task this many times longer. */
export const SLOWDOWN = 4;

/** When an event began (trace microseconds). */
export const startOf = ({ ts: began }: TraceEvent) => began;

/** Trace microseconds as whole milliseconds. */
export const ms = (us = 0) => `${Math.round(us / 1_000)} ms`;

/** An event's thread, as `pid:tid`. */
export const threadKey = ({ pid, tid }: TraceEvent) => `${pid}:${tid}`;

/** The threads named CrRendererMain: a renderer's main thread, where a page's tasks run. */
export const rendererMains = (events: TraceEvent[]): Set<string> =>
  new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadKey));
