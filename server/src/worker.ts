import { Server } from 'socket.io';
import { loadConfig } from './config/env.js';
import { resolveJwtSecret } from './config/secrets.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { createJobRunner } from './jobs/create-job-runner.js';
import { createJobRegistry } from './jobs/job-registry.js';
import { createLogger } from './logger.js';
import { createTokenService } from './modules/auth/tokens.js';
import { purchaseJobHandlers } from './modules/purchases/purchase-lifecycle.js';
import { configBaseUrl } from './modules/screens/screen-config-access.js';
import { InFlight } from './realtime/in-flight.js';
import { LiveNotifier } from './realtime/live-notifier.js';
import { attachRedisAdapter } from './realtime/redis-adapter.js';
import { silentNotifier } from './realtime/screen-notifier.js';
import type { PanoServer } from './realtime/socket-types.js';

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
const io: PanoServer = new Server();
const redis = await attachRedisAdapter(io, config.redisUrl, logger);
const jobs = createJobRunner(config, logger, { forceWorkers: true, prefix: process.env.JOBS_PREFIX || undefined });
const ctx: AppContext = {
  db: database.db,
  config,
  logger,
  tokens: createTokenService(await resolveJwtSecret(config.jwtSecret, config.dataDir), config.jwtTtl),
  notifier: silentNotifier, // replaced below, once the notifier can see this context
  clock: () => new Date(),
  jobs,
};
const inFlight = new InFlight();
// Same URL base as the API's pushes and GETs, so a worker's push carries the same version.
ctx.notifier = new LiveNotifier(io, ctx, () => configBaseUrl(ctx), inFlight);
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
      await inFlight.drain();
      // The io here has no http engine (nothing listens), so only the adapter's clients need closing.
      await redis.close();
      await database.close();
    })().then(() => process.exit(0), (err) => {
      logger.error({ err }, 'worker shutdown failed');
      process.exit(1);
    });
  });
}
