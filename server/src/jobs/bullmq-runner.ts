import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from '../logger.js';
import { DEFAULT_SWEEP_EVERY_MS, SWEEP_JOB } from './job-definitions.js';
import type { JobRegistry } from './job-registry.js';
import type { JobRunner } from './job-runner.js';

export type BullmqOptions = {
  redisUrl: string;
  logger: Logger;
  /** Run workers in this process (API with WORKERS≠0, or `npm run worker`); otherwise only enqueue. */
  runWorkers: boolean;
  /** Redis key prefix; tests use their own so parallel runs never share jobs. */
  prefix?: string;
  sweepEveryMs?: number;
  concurrency?: number;
};

const QUEUE = 'pano-jobs';

/**
 * The scaled mode's runner: one BullMQ queue for every job name, delayed jobs for expiries,
 * a job scheduler for the periodic sweep. Any number of API instances enqueue; workers (in
 * the API or `npm run worker`) execute with the same handlers as the in-process runner.
 */
export function createBullmqRunner(opts: BullmqOptions): JobRunner {
  // Workers block on Redis, so BullMQ wants requests never to give up.
  const connection: ConnectionOptions = { url: opts.redisUrl, maxRetriesPerRequest: null };
  const prefix = opts.prefix ?? 'pano';
  const queue = new Queue(QUEUE, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: true,
      removeOnFail: { count: 1000 },
    },
  });
  queue.on('error', (err) => opts.logger.error({ err }, 'job queue error'));
  let worker: Worker | undefined;
  let stopping: Promise<void> | undefined;

  return {
    kind: 'bullmq',

    async enqueue(name, payload, o = {}) {
      const delay = Math.max(0, (o.runAt?.getTime() ?? 0) - Date.now());
      // BullMQ reserves ':' in custom ids.
      await queue.add(name, payload, { delay, ...(o.key ? { jobId: o.key.replaceAll(':', '-') } : {}) });
    },

    async start(registry: JobRegistry) {
      const every = opts.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS;
      // Idempotent across instances: one scheduler id, however many APIs upsert it.
      if (every > 0) await queue.upsertJobScheduler(SWEEP_JOB, { every }, { name: SWEEP_JOB, data: {} });
      if (!opts.runWorkers) return;
      worker = new Worker(QUEUE, (job) => registry.run(job.name, job.data), {
        connection,
        prefix,
        concurrency: opts.concurrency ?? 4,
      });
      worker.on('failed', (job, err) => opts.logger.error({ err, job: job?.name, jobId: job?.id }, 'job failed'));
      worker.on('error', (err) => opts.logger.error({ err }, 'job worker error'));
      await worker.waitUntilReady();
    },

    stop() {
      return (stopping ??= (async () => {
        await worker?.close();
        await queue.close();
      })());
    },
  };
}
