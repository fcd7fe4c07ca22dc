import type { JobScheduler } from './job-definitions.js';
import type { JobRegistry } from './job-registry.js';

/** A scheduler that can also execute: in-process timers or BullMQ queues + workers. */
export type JobRunner = JobScheduler & {
  kind: 'in-process' | 'bullmq';
  /** Begins executing due jobs (and the periodic sweep) with these handlers. */
  start(registry: JobRegistry): Promise<void>;
  /** Stops taking jobs and waits for running ones; safe to call twice. */
  stop(): Promise<void>;
};
