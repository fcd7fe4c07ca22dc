import { createServer, type Server } from 'node:http';
import { mkdir } from 'node:fs/promises';
import { createApp } from './app.js';
import { createReadiness, type Readiness } from './http/readiness.js';
import { createRequestDrain } from './http/request-drain.js';
import { loadConfig, type AppConfig } from './config/env.js';
import { resolveJwtSecret } from './config/secrets.js';
import { checkDataDirWritable, checkPortFree, listenFailure } from './config/startup-checks.js';
import { checkStorageReachable } from './storage/s3-storage.js';
import { createAppContext, type ContextBase } from './app-context.js';
import type { AppContext } from './context.js';
import { openMigratedDatabase, type Database } from './db/client.js';
import { createLogger } from './logger.js';
import { Metrics } from './metrics/metrics.js';
import { createJobRunner } from './jobs/create-job-runner.js';
import { createJobRegistry } from './jobs/job-registry.js';
import { jobHandlers } from './job-handlers.js';
import { createTokenService } from './http/tokens.js';
import { seedDefaultPackages } from './modules/packages/default-catalogue.js';
import { sweepStaleIncoming } from './storage/sweep-incoming.js';
import { startLocalChannel } from './local-channel/local-channel.js';
import { createRealtime, type Realtime } from './realtime/socket-server.js';

export type RunningServer = {
  ctx: AppContext; http: Server; database: Database; url: string;
  /** Shutdown sets `readiness.draining`, so /readyz answers 503 while the server drains. */
  readiness: Readiness;
  /** Its socket.io server and pending socket work, for tests that prove an absence (docs/architecture/tests.md#proving-an-absence). */
  realtime: Pick<Realtime, 'io' | 'settled'>;
  stop: () => Promise<void>;
};

/**
 * Boots one API instance: check, migrate, seed, listen. Used by main.ts and by tests that need
 * a real port. A wrong DATA_DIR or a taken port throws a StartupError before anything is migrated.
 */
/**
 * Connections the kernel may hold before the process accepts them (Node's default is 511). After
 * an API restart a whole fleet reconnects within seconds while the new process is busy; past the
 * backlog the kernel drops their SYNs and each client's TCP waits 1, 3, 7 s to try again
 * (docs/PERFORMANCE.md, P4). Linux caps it at net.core.somaxconn (4096 by default).
 */
const LISTEN_BACKLOG = 4096;

export async function startServer(config: AppConfig = loadConfig()): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  await checkDataDirWritable(config.dataDir);
  await checkPortFree(config.port, config.host);
  await checkStorageReachable(config);
  await mkdir(config.uploadsDir, { recursive: true });
  // Before listening, so no upload of this process is in flight: what a killed process left goes now.
  const leftovers = await sweepStaleIncoming(config.uploadsDir, new Date()).catch((err: unknown) => {
    logger.warn({ err }, 'stale upload sweep failed');
    return 0;
  });
  if (leftovers) logger.info({ removed: leftovers }, 'temp files of interrupted uploads removed');
  const database = await openMigratedDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    log: (m) => logger.info(m),
  });
  const seeded = await seedDefaultPackages(database.db);
  if (seeded) logger.info({ seeded }, 'default package catalogue created');

  // Built in dependency order: the base, the realtime layer on top of it, then the context
  // with every collaborator; the http server and the socket handshake need the finished context.
  const jobs = createJobRunner(config, logger);
  const base: ContextBase = {
    config,
    db: database.db,
    logger,
    clock: () => new Date(),
    tokens: createTokenService(await resolveJwtSecret(config.jwtSecret, config.dataDir), config.jwtTtl),
    jobs,
    metrics: new Metrics(),
  };
  const realtime = await createRealtime(base, 'api');
  const ctx = createAppContext(base, realtime);
  const readiness = createReadiness({ db: ctx.db, redisUrl: config.redisUrl, logger });
  const requests = createRequestDrain(createApp(ctx, readiness));
  const http = createServer(requests.handler);
  // socket.io on the API's own port.
  realtime.serve(http, ctx);
  await jobs.start(createJobRegistry(jobHandlers(ctx), ctx.metrics, ctx.clock));
  await new Promise<void>((resolve, reject) => {
    http.once('error', (err) => reject(listenFailure(err, config.port, config.host) ?? err));
    http.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, resolve);
  }).catch(async (err: unknown) => {
    await jobs.stop();
    await realtime.close();
    await readiness.close();
    await database.close();
    throw err;
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  // Only with PGlite: there the server is the folder's one writer, and commands go through it.
  const local = database.dataDirLock ? await startLocalChannel(ctx) : undefined;
  if (local) await database.dataDirLock?.advertise(local.address);

  // docs/OPERATIONS.md#shutdown
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= (async () => {
    readiness.draining = true;
    // Commands that find the folder held without a channel wait for it instead of calling a closed port.
    await database.dataDirLock?.advertise(undefined);
    await local?.close();
    // No new connections from here on; requests already running (uploads too) may finish.
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    if (!(await requests.drain(config.shutdownTimeoutMs))) {
      logger.warn({ unfinished: requests.active, timeoutS: config.shutdownTimeoutMs / 1000 }, 'shutdown: requests still running after SHUTDOWN_TIMEOUT_S are cut off');
    }
    // After the requests: what they enqueue, push and mail still goes out.
    await ctx.mailer.settled();
    ctx.mailer.close();
    await jobs.stop();
    http.closeAllConnections(); // idle keep-alive connections; websockets are not among them
    await realtime.close(); // closes every socket (clients see it at once and reconnect), then the Redis adapter clients
    await closed;
    await readiness.close();
    await database.close(); // and lets go of $DATA_DIR
  })());
  return { ctx, http, database, url, readiness, realtime, stop };
}
