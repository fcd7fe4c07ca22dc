import { runAsActor, SYSTEM_ACTOR } from '../http/audit-context.js';
import type { Metrics } from '../metrics/metrics.js';
import { JOB_NAMES, JOB_SCHEMAS, type JobHandlers, type JobName } from './job-definitions.js';

export type JobRegistry = {
  /** Parses the payload with the job's schema and runs its one handler. */
  run(name: string, payload: unknown): Promise<void>;
};

/**
 * Refuses to start unless every declared job has exactly one handler, and nothing else. With
 * `metrics`, every run and failure is counted by job name, whichever runner (in-process or
 * BullMQ, API or worker) executes it. Every job runs as the system, its events dated by `clock`
 * (the app's; docs/architecture/audit.md#events): an in-process timer keeps the async context of
 * whoever set it, and without this a job queued by a request would write as that request's person.
 */
export function createJobRegistry(
  handlers: Partial<JobHandlers>, metrics?: Pick<Metrics, 'jobRuns' | 'jobFailures'>, clock?: () => Date,
): JobRegistry {
  const missing = JOB_NAMES.filter((n) => typeof handlers[n] !== 'function');
  if (missing.length) throw new Error(`Job registry: no handler for ${missing.join(', ')}`);
  const unknown = Object.keys(handlers).filter((n) => !(n in JOB_SCHEMAS));
  if (unknown.length) throw new Error(`Job registry: handlers for undeclared jobs ${unknown.join(', ')}`);
  const all = handlers as JobHandlers;

  return {
    async run(name, payload) {
      // A name from the queue that no handler knows counts as one label, not one label per name.
      const label = { job: name in JOB_SCHEMAS ? name : 'unknown' };
      metrics?.jobRuns.inc(label);
      try {
        if (!(name in JOB_SCHEMAS)) throw new Error(`Unknown job ${name}`);
        const job = name as JobName;
        const data = JOB_SCHEMAS[job].parse(payload);
        await runAsActor(SYSTEM_ACTOR, () => (all[job] as (p: unknown) => Promise<void>)(data), clock);
      } catch (err) {
        metrics?.jobFailures.inc(label);
        throw err;
      }
    },
  };
}
