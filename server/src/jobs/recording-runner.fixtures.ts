import { createLogger } from '../logger.js';
import { createInProcessRunner } from './in-process-runner.js';
import type { JobRunner } from './job-runner.js';

export type QueuedJob = { name: string; payload: unknown; key?: string; runAt?: Date };

/**
 * The in-process runner, remembering what was queued (`queued`, in order; `ensureScheduled`'s
 * jobs too); the jobs still run as they would, each at its runAt. A test empties `queued` itself.
 */
export function recordingRunner(): { jobs: JobRunner; queued: QueuedJob[] } {
  const queued: QueuedJob[] = [];
  const inner = createInProcessRunner({ logger: createLogger('silent'), sweepEveryMs: 0 });
  const jobs: JobRunner = {
    ...inner,
    enqueue: async (name, payload, opts) => {
      queued.push({ name, payload, ...(opts?.key ? { key: opts.key } : {}), ...(opts?.runAt ? { runAt: opts.runAt } : {}) });
      await inner.enqueue(name, payload, opts);
    },
    ensureScheduled: async (keyed) => {
      const count = await inner.ensureScheduled(keyed);
      queued.push(...keyed.map(({ name, payload, key, runAt }) => ({ name, payload, key, runAt })));
      return count;
    },
  };
  return { jobs, queued };
}
