import type { AppConfig } from '../config/env.js';
import type { Logger } from '../logger.js';
import { createBullmqRunner } from './bullmq-runner.js';
import { createInProcessRunner } from './in-process-runner.js';
import type { JobRunner } from './job-runner.js';

/** BullMQ when REDIS_URL is set, the in-process runner otherwise (docs/architecture/server.md#jobs). */
export function createJobRunner(config: Pick<AppConfig, 'redisUrl' | 'runWorkers' | 'sweepEveryMs'>, logger: Logger, opts: { forceWorkers?: boolean; prefix?: string } = {}): JobRunner {
  const sweepEveryMs = config.sweepEveryMs;
  if (config.redisUrl) {
    return createBullmqRunner({ redisUrl: config.redisUrl, logger, runWorkers: opts.forceWorkers ?? config.runWorkers, prefix: opts.prefix, sweepEveryMs });
  }
  return createInProcessRunner({ logger, sweepEveryMs });
}
