import type { Request, Response } from 'express';

/** Where a request's route template is kept once its route matched (see trackRouteTemplate). */
const TEMPLATE = Symbol('pano.routeTemplate');
type Tracked = Request & { [TEMPLATE]?: string };

/**
 * Records the matched route's template (`/api/screens/:id`), never the path with its ids, so a
 * metric label or log field has a bounded set of values. The router sets `req.route` as a route
 * matches, while `req.baseUrl` is still the router's mount path; by the time an error reaches
 * the app's error handler the router has put `baseUrl` back, so it is read at that moment.
 */
export function trackRouteTemplate(req: Request): void {
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      const path = value?.path;
      (req as Tracked)[TEMPLATE] = typeof path === 'string' ? joinRoute(req.baseUrl, path) : undefined;
    },
  });
}

function joinRoute(base: string, path: string): string {
  if (!base) return path;
  return path === '/' ? base : base + path;
}

/**
 * The label of a finished request: its route template; `static` for files and the apps' pages
 * (express.static, the SPA fallbacks), which match no route by name; `unmatched` for everything
 * that found no route (404s, unknown /api paths, bodies refused before routing), so scanners
 * cannot add label values.
 */
export function routeLabel(req: Request, res: Response): string {
  const template = (req as Tracked)[TEMPLATE];
  if (template) return template;
  if (res.statusCode === 404 || req.originalUrl.startsWith('/api/')) return 'unmatched';
  return 'static';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Methods a client may invent (`FOO /`) all count as one. */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : 'OTHER');

/** Query parameters whose values are credentials or pairing secrets: never logged. */
const SECRET_PARAM = /token|secret|key|password|code|setup|signature|auth/i;

/**
 * The request URL as it may be logged: values of credential-like query parameters masked. The
 * player may put its device token in the query (socket.io's fallback), links carry setup tokens.
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    let decoded = name;
    try { decoded = decodeURIComponent(name); } catch { /* a malformed name is checked as it is */ }
    return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=[REDACTED]` : pair;
  });
  return `${url.slice(0, q)}?${params.join('&')}`;
}
