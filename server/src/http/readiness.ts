import type { RequestHandler } from 'express';
import { Redis } from 'ioredis';
import { ErrorCode, type TReadinessReport } from '@pano/contract';
import type { Db } from '../db/client.js';
import type { Logger } from '../logger.js';
import { withDeadline } from '../config/redis-deadline.js';

export type ReadinessReport = TReadinessReport;
type CheckState = ReadinessReport['checks']['database'];

/**
 * Whether this instance should be sent requests: `/readyz` (for load balancers and the
 * container HEALTHCHECK), unlike `/healthz`, which only says the process is alive. Not ready
 * while PostgreSQL (or Redis, when configured) does not answer, and from the moment shutdown
 * begins, so traffic moves away before the server stops accepting.
 */
export type Readiness = {
  /** Set by shutdown; /readyz answers 503 from then on. */
  draining: boolean;
  check: () => Promise<ReadinessReport>;
  close: () => Promise<void>;
};

/** A probe that does not answer within this is "down": load balancers time out probes too. */
const DEFAULT_TIMEOUT_MS = 2_000;

export function createReadiness(opts: { db: Db; redisUrl?: string; logger: Logger; timeoutMs?: number }): Readiness {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // One connection of its own, made at the first probe. Without the offline queue a probe
  // fails at once while Redis is away instead of waiting for a reconnect; ioredis keeps
  // reconnecting in the background, so the probe passes again once Redis is back.
  let redis: Redis | undefined;
  const redisClient = () => {
    if (!redis && opts.redisUrl) {
      redis = new Redis(opts.redisUrl, {
        lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: timeoutMs,
        retryStrategy: () => 1_000,
      });
      redis.on('error', (err) => opts.logger.debug({ err: err.message }, 'readiness: redis connection error'));
    }
    return redis;
  };

  const probe = async (work: () => Promise<unknown>): Promise<CheckState> => {
    try {
      await withDeadline(work(), 'readiness probe', timeoutMs);
      return 'up';
    } catch {
      return 'down';
    }
  };

  const readiness: Readiness = {
    draining: false,
    async check() {
      const client = redisClient();
      const [database, redisState] = await Promise.all([
        probe(() => opts.db.$queryRaw`SELECT 1`),
        client
          ? probe(async () => {
            if (client.status === 'wait') await client.connect();
            await client.ping();
          })
          : Promise.resolve<CheckState>('not-configured'),
      ]);
      const ready = !readiness.draining && database === 'up' && redisState !== 'down';
      return { ready, draining: readiness.draining, checks: { database, redis: redisState } };
    },
    async close() {
      redis?.disconnect();
    },
  };
  return readiness;
}

export function readinessRoute(readiness: Readiness): RequestHandler {
  return async (_req, res) => {
    const report = await readiness.check();
    res.setHeader('Cache-Control', 'no-store');
    if (report.ready) return void res.json(report);
    res.status(503).json({
      message: report.draining ? 'Sunucu kapanıyor, yeni istek almıyor' : 'Sunucu şu anda istek almaya hazır değil',
      code: ErrorCode.SERVICE_UNAVAILABLE,
      ...report,
    });
  };
}
