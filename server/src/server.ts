import { createServer, type Server } from 'node:http';
import { mkdir } from 'node:fs/promises';
import { createApp } from './app.js';
import { createReadiness, type Readiness } from './http/readiness.js';
import { loadConfig, type AppConfig } from './config/env.js';
import { resolveJwtSecret } from './config/secrets.js';
import type { AppContext } from './context.js';
import { openMigratedDatabase, type Database } from './db/client.js';
import { createLogger } from './logger.js';
import { createJobRunner } from './jobs/create-job-runner.js';
import { createJobRegistry } from './jobs/job-registry.js';
import { purchaseJobHandlers } from './modules/purchases/purchase-lifecycle.js';
import { createTokenService } from './modules/auth/tokens.js';
import { seedDefaultPackages } from './modules/packages/default-catalogue.js';
import { silentNotifier } from './realtime/screen-notifier.js';
import { attachRealtime } from './realtime/socket-server.js';

export type RunningServer = {
  ctx: AppContext; http: Server; database: Database; url: string;
  /** Shutdown sets `readiness.draining`, so /readyz answers 503 while the server drains. */
  readiness: Readiness;
  stop: () => Promise<void>;
};

/** Boots one API instance: migrate, seed, listen. Used by main.ts and by tests that need a real port. */
export async function startServer(config: AppConfig = loadConfig()): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  await mkdir(config.uploadsDir, { recursive: true });
  const database = await openMigratedDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    log: (m) => logger.info(m),
  });
  const seeded = await seedDefaultPackages(database.db);
  if (seeded) logger.info({ seeded }, 'default package catalogue created');

  const ctx: AppContext = {
    db: database.db,
    config,
    logger,
    tokens: createTokenService(await resolveJwtSecret(config.jwtSecret, config.dataDir), config.jwtTtl),
    notifier: silentNotifier,
    clock: () => new Date(),
    jobs: createJobRunner(config, logger),
  };
  const readiness = createReadiness({ db: ctx.db, redisUrl: config.redisUrl, logger });
  const http = createServer(createApp(ctx, readiness));
  // socket.io on the API's own port (ARCHITECTURE.md §4); from here on services' notifier
  // calls push configs. Replaced before listen, so no request ever sees the silent one.
  const realtime = await attachRealtime(http, ctx);
  ctx.notifier = realtime.notifier;
  // Jobs start after the notifier is live: an expiry must push the customer's screens.
  const jobs = ctx.jobs as ReturnType<typeof createJobRunner>;
  await jobs.start(createJobRegistry(purchaseJobHandlers(ctx)));
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, resolve);
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= (async () => {
    readiness.draining = true;
    await jobs.stop();
    http.closeAllConnections();
    await realtime.close(); // disconnects sockets, closes the Redis adapter clients and the http server
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await readiness.close();
    await database.close();
  })());
  return { ctx, http, database, url, readiness, stop };
}
