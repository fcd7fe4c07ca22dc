import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import type { AppContext } from './context.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { createReadiness, readinessRoute, type Readiness } from './http/readiness.js';
import { mountApiRoutes } from './routes.js';
import { securityHeaders } from './http/security-headers.js';
import { mountStatic } from './http/static.js';
import { thumbnailRoute } from './storage/thumbnails.js';
import { observeRequests } from './http/observe-requests.js';
import { auditRequestContext } from './http/audit-context.js';
import { metricsRoute } from './metrics/metrics.routes.js';
import { useTurkishValidationMessages } from './http/turkish-validation.js';
import './http/request-types.js';

/**
 * The HTTP app without a listening socket, so route tests drive it directly. `readiness`
 * is what /readyz reports; the server passes its own so that shutdown can mark it draining.
 */
export function createApp(
  ctx: AppContext,
  readiness: Readiness = createReadiness({ db: ctx.db, redisUrl: ctx.config.redisUrl, logger: ctx.logger }),
): Express {
  useTurkishValidationMessages();
  const app = express();
  app.disable('x-powered-by');
  // Only a configured proxy may name the client's address: the rate limits count by it
  // (docs/OPERATIONS.md#behind-a-proxy).
  app.set('trust proxy', ctx.config.trustProxy);
  app.use(securityHeaders);
  app.use((req, res, next) => {
    // A proxy's request id is kept for correlation, but only if it looks like one: it is
    // echoed into logs and 500 bodies.
    const given = req.headers['x-request-id'];
    req.id = typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    next();
  });
  app.use(observeRequests(ctx));
  app.use(auditRequestContext(ctx.clock));
  // Liveness only (the process answers); readiness to take traffic is /readyz.
  app.get('/healthz', (_req, res) => void res.json({ ok: true }));
  app.get('/readyz', readinessRoute(readiness));
  app.get('/metrics', metricsRoute(ctx));
  mountApiRoutes(app, ctx);
  app.use('/api', notFoundHandler);
  // Ahead of the uploads themselves (docs/architecture/storage.md#thumbnails).
  app.get('/uploads/thumbs/:file', thumbnailRoute(ctx));
  mountStatic(app, ctx);
  app.use(notFoundHandler);
  app.use(errorHandler(ctx.logger));
  return app;
}
