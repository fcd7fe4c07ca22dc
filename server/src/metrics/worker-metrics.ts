import { createServer } from 'node:http';
import express from 'express';
import type { AppContext } from '../context.js';
import { listenFailure } from '../config/startup-checks.js';
import { notFoundHandler } from '../http/error-handler.js';
import { metricsRoute } from './metrics.routes.js';

/**
 * The worker's /metrics (job runs and failures, pushes, process metrics) on METRICS_PORT, with
 * the same METRICS_TOKEN rule as the API's: a worker has no other port to serve it on.
 */
export async function serveWorkerMetrics(ctx: Pick<AppContext, 'config' | 'metrics'>, port: number): Promise<{ close: () => Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsRoute(ctx));
  app.use(notFoundHandler);
  const http = createServer(app);
  await new Promise<void>((resolve, reject) => {
    http.once('error', (err) => reject(listenFailure(err, port, ctx.config.host) ?? err));
    http.listen(port, ctx.config.host, resolve);
  });
  return {
    close: () => new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    }),
  };
}
