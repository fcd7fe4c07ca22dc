import type { Logger } from '../logger.js';
import { DEFAULT_SWEEP_EVERY_MS, PERIODIC_JOBS, SWEEP_JOB, type JobName } from './job-definitions.js';
import type { JobRegistry } from './job-registry.js';
import type { JobRunner } from './job-runner.js';

// setTimeout's longest delay (~24.8 days); longer waits are chained.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export type InProcessOptions = {
  logger: Logger;
  /** 0 turns the periodic sweep off (tests that share one database). */
  sweepEveryMs?: number;
  /** Run one sweep at start: in-process timers do not survive a restart, the sweep repairs that. */
  sweepOnStart?: boolean;
};

/**
 * The embedded mode's job runner: the same handlers as the BullMQ workers, driven by timers
 * in this process. Timers are unref'd so they never keep a finished process alive.
 */
export function createInProcessRunner(opts: InProcessOptions): JobRunner {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let registry: JobRegistry | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  const periodicTimers: NodeJS.Timeout[] = [];
  let stopped = false;
  let seq = 0;

  const execute = (name: JobName, payload: unknown) => {
    if (stopped) return;
    if (!registry) {
      opts.logger.warn({ job: name }, 'job due before the runner started; the sweep will repair it');
      return;
    }
    // The registry runs it as the system, whoever set the timer (job-registry.ts).
    const p = registry.run(name, payload)
      .catch((err) => opts.logger.error({ err, job: name }, 'job failed'))
      .finally(() => running.delete(p));
    running.add(p);
  };

  const schedule = (key: string, runAt: number, fire: () => void) => {
    const wait = runAt - Date.now();
    const t = setTimeout(() => {
      if (wait > MAX_TIMEOUT_MS) return schedule(key, runAt, fire);
      timers.delete(key);
      fire();
    }, Math.max(0, Math.min(wait, MAX_TIMEOUT_MS)));
    t.unref();
    clearTimeout(timers.get(key));
    timers.set(key, t);
  };

  return {
    kind: 'in-process',

    async enqueue(name, payload, o = {}) {
      if (stopped) return;
      const key = o.key ?? `${name}#${++seq}`;
      schedule(key, o.runAt?.getTime() ?? Date.now(), () => execute(name, payload));
    },

    async ensureScheduled(jobs) {
      if (stopped) return 0;
      const missing = jobs.filter((j) => !timers.has(j.key));
      for (const j of missing) schedule(j.key, j.runAt.getTime(), () => execute(j.name, j.payload));
      return missing.length;
    },

    async start(r) {
      registry = r;
      const every = opts.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS;
      if (every > 0) {
        sweepTimer = setInterval(() => execute(SWEEP_JOB, {}), every);
        sweepTimer.unref();
        for (const job of PERIODIC_JOBS) {
          const t = setInterval(() => execute(job.name, {}), job.everyMs);
          t.unref();
          periodicTimers.push(t);
        }
      }
      if (opts.sweepOnStart ?? every > 0) {
        execute(SWEEP_JOB, {});
        // A daily job would never run in a process restarted more often than that.
        if (every > 0) for (const job of PERIODIC_JOBS) execute(job.name, {});
      }
    },

    async stop() {
      stopped = true;
      clearInterval(sweepTimer);
      for (const t of periodicTimers) clearInterval(t);
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
