import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { AppContext } from '../context.js';
import { loggableUrl, methodLabel, routeLabel, trackRouteTemplate } from './request-route.js';

/** Probes and scrapes arrive every few seconds: their lines are kept for LOG_LEVEL=debug. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One access-log line and one duration sample per request (docs/OPERATIONS.md#monitoring),
 * labelled with the route template. Mounted after the request id is set, so the line carries it.
 * No header is logged (Authorization, cookies), and credential-like query values are masked.
 */
export function observeRequests(ctx: Pick<AppContext, 'logger' | 'metrics'>): RequestHandler[] {
  const accessLog = pinoHttp({
    logger: ctx.logger,
    quietReqLogger: true,
    // The raw objects, so nothing of pino's standard request serializer (headers) slips in.
    wrapSerializers: false,
    serializers: {
      req: (req: Request) => ({ id: req.id, method: req.method, url: loggableUrl(req.originalUrl ?? req.url), remoteAddress: req.ip }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (req, res) => {
      if (res.statusCode >= 500) return 'warn';
      return QUIET_PATHS.has((req as Request).path) ? 'debug' : 'info';
    },
    // A 5xx is logged with its stack by the error handler; the access line stays one line, and
    // a client that went away is an aborted request, not an error.
    customSuccessObject: (req, res, value: object) => ({ ...value, route: routeLabel(req as Request, res as Response) }),
    customErrorObject: (req, res, _err, value: { res?: unknown; responseTime?: unknown }) => (
      { res: value.res, responseTime: value.responseTime, route: routeLabel(req as Request, res as Response) }
    ),
    customSuccessMessage: (_req, res) => (res.writableEnded ? 'request completed' : 'request aborted'),
    customErrorMessage: () => 'request failed',
  });

  const timeRequest: RequestHandler = (req, res, next) => {
    trackRouteTemplate(req);
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // 499: the client closed the connection before the answer was complete (nginx's code).
      const status = res.writableFinished ? String(res.statusCode) : '499';
      ctx.metrics.httpDuration.observe({ method: methodLabel(req.method), route: routeLabel(req, res), status }, seconds);
    });
    next();
  };

  return [timeRequest, accessLog as (req: IncomingMessage, res: ServerResponse, next: () => void) => void];
}
