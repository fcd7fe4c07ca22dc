import { loadConfig } from './config/env.js';
import { resolveJwtSecret } from './config/secrets.js';
import { createAppContext, type ContextBase } from './app-context.js';
import { openDatabase } from './db/client.js';
import { createJobRunner } from './jobs/create-job-runner.js';
import { createJobRegistry } from './jobs/job-registry.js';
import { createLogger } from './logger.js';
import { createTokenService } from './http/tokens.js';
import { purchaseJobHandlers } from './modules/purchases/purchase-lifecycle.js';
import { createRealtime } from './realtime/socket-server.js';

/**
 * `npm run worker`: BullMQ workers alone, for deployments that run the API with WORKERS=0.
 * Same handlers as the API's workers. Screen pushes (package expiry) go out through the
 * socket.io Redis adapter, so players connected to any API instance receive them.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
if (!config.redisUrl) {
  logger.error('REDIS_URL is not set: without Redis, jobs run inside the API process (npm start)');
  process.exit(1);
}

// The API applies migrations at boot; the worker only reads and writes rows.
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 4 });
const jobs = createJobRunner(config, logger, { forceWorkers: true, prefix: process.env.JOBS_PREFIX || undefined });
const base: ContextBase = {
  config,
  db: database.db,
  logger,
  clock: () => new Date(),
  tokens: createTokenService(await resolveJwtSecret(config.jwtSecret, config.dataDir), config.jwtTtl),
  jobs,
};
// Pushes leave through the Redis adapter with the same URL base as the API's, so a worker's
// push carries the same version as the config a player fetches.
const realtime = await createRealtime(base, 'worker');
const ctx = createAppContext(base, realtime);
await jobs.start(createJobRegistry(purchaseJobHandlers(ctx)));
logger.info({ kind: jobs.kind }, 'worker started');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    // Running jobs finish first (BullMQ's close waits for them), then pushes, then connections.
    void (async () => {
      await jobs.stop();
      await realtime.close();
      await database.close();
    })().then(() => process.exit(0), (err) => {
      logger.error({ err }, 'worker shutdown failed');
      process.exit(1);
    });
  });
}
