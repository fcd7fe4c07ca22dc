import { loadConfig } from './config/env.js';
import { resolveJwtSecret } from './config/secrets.js';
import { checkDataDirWritable, checkPayments, StartupError } from './config/startup-checks.js';
import { checkStorageReachable } from './storage/s3-storage.js';
import { createAppContext, type ContextBase } from './app-context.js';
import { openDatabase } from './db/client.js';
import { createJobRunner } from './jobs/create-job-runner.js';
import { createJobRegistry } from './jobs/job-registry.js';
import { createLogger } from './logger.js';
import { Metrics } from './metrics/metrics.js';
import { serveWorkerMetrics } from './metrics/worker-metrics.js';
import { createTokenService } from './http/tokens.js';
import { jobHandlers } from './job-handlers.js';
import { finishesWithin, handleShutdownSignals, startOrExit } from './process-lifecycle.js';
import { createRealtime } from './realtime/socket-server.js';

/**
 * `npm run worker`: BullMQ workers alone, for deployments that run the API with WORKERS=0.
 * Same handlers as the API's workers. Screen pushes (package expiry) go out through the
 * socket.io Redis adapter, so players connected to any API instance receive them.
 */
const signals = handleShutdownSignals();
const config = await startOrExit(async () => {
  const config = loadConfig();
  if (!config.redisUrl) throw new StartupError('REDIS_URL ayarlanmamış: Redis olmadan işler API sürecinin içinde çalışır (npm start), ayrı bir işleyici gerekmez.');
  checkPayments(config);
  // The JWT secret may be generated into DATA_DIR.
  await checkDataDirWritable(config.dataDir);
  await checkStorageReachable(config);
  return config;
});
const logger = createLogger(config.logLevel);

// The API applies migrations at boot; the worker only reads and writes rows.
const database = await startOrExit(() => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 4 }));
const jobs = createJobRunner(config, logger, { forceWorkers: true, prefix: process.env.JOBS_PREFIX || undefined });
const base: ContextBase = {
  config,
  db: database.db,
  logger,
  clock: () => new Date(),
  tokens: createTokenService(await resolveJwtSecret(config.jwtSecret, config.dataDir), config.jwtTtl),
  jobs,
  metrics: new Metrics(),
};
// Pushes leave through the Redis adapter with the same URL base as the API's, so a worker's
// push carries the same version as the config a player fetches.
const realtime = await createRealtime(base, 'worker');
const ctx = createAppContext(base, realtime);
await jobs.start(createJobRegistry(jobHandlers(ctx), ctx.metrics, ctx.clock));
// The worker has no API port: its job and push metrics are served on METRICS_PORT when set.
const metricsServer = config.metricsPort ? await startOrExit(() => serveWorkerMetrics(ctx, config.metricsPort!)) : undefined;
logger.info({ kind: jobs.kind, metricsPort: config.metricsPort }, 'worker started');

signals.ready({
  what: 'worker',
  logger,
  timeoutMs: config.shutdownTimeoutMs,
  // Running jobs finish first (BullMQ's close waits for them), then pushes, then connections.
  // A job still running after SHUTDOWN_TIMEOUT_S is given up: BullMQ hands a job whose worker
  // vanished to another worker once its lock expires (the handlers' conditional updates make a rerun harmless).
  stop: async () => {
    if (!(await finishesWithin(config.shutdownTimeoutMs, jobs.stop()))) {
      logger.warn({ timeoutS: config.shutdownTimeoutMs / 1000 }, 'worker: jobs still running after SHUTDOWN_TIMEOUT_S are left to another worker');
    }
    await metricsServer?.close();
    await realtime.close();
    await database.close();
  },
});
