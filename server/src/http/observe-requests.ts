import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import { loggableUrl, methodLabel, routeLabel, trackRouteTemplate } from './request-route.js';

/** Probes and scrapes arrive every few seconds: their lines are kept for LOG_LEVEL=debug. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One access-log line and one duration sample per request (docs/OPERATIONS.md#monitoring),
 * labelled with the route template, both written when the response closes. Mounted after the
 * request id is set, so the line carries it. No header is logged (Authorization, cookies), and
 * credential-like query values are masked.
 *
 * Written here rather than with pino-http: that made a child logger and its serializers for
 * every request, and on the busiest request (a player's config fetch) cost a third of the
 * throughput, mostly in garbage collection (docs/PERFORMANCE.md, P5). The line is the same.
 */
export function observeRequests(ctx: Pick<AppContext, 'logger' | 'metrics'>): RequestHandler {
  return (req, res, next) => {
    trackRouteTemplate(req);
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routeLabel(req, res);
      // 499: the client closed the connection before the answer was complete (nginx's code).
      const status = res.writableFinished ? String(res.statusCode) : '499';
      ctx.metrics.httpDuration.observe({ method: methodLabel(req.method), route, status }, ms / 1000);
      logRequest(ctx.logger, req, res.statusCode, res.writableEnded, Math.round(ms), route);
    });
    next();
  };
}

/** A 5xx is logged with its stack by the error handler; its access line stays one line, at warn. */
function logRequest(logger: AppContext['logger'], req: Request, statusCode: number, ended: boolean, responseTime: number, route: string): void {
  const level = statusCode >= 500 ? 'warn' : QUIET_PATHS.has(req.path) ? 'debug' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const line = {
    reqId: req.id,
    req: { id: req.id, method: req.method, url: loggableUrl(req.originalUrl ?? req.url), remoteAddress: req.ip },
    res: { statusCode },
    responseTime,
    route,
  };
  // A client that went away is an aborted request, not an error.
  logger[level](line, statusCode >= 500 ? 'request failed' : ended ? 'request completed' : 'request aborted');
}
