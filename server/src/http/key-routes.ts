import type { Request } from 'express';
import { match } from 'path-to-regexp';
import type { TApiKeyScope } from '@pano/contract';

/*
 * The one table of what an API key may call (docs/architecture/security.md#api-keys): a route
 * absent here refuses every key, whatever its scopes. Keys never manage keys, members,
 * invitations, payments, settings or the account, so none of those routes is listed.
 * modules/api-keys/key-routes.test.ts calls every mounted route with a key of each scope and fails when the
 * answer differs from this table.
 */
export const KEY_ROUTES: Readonly<Record<string, TApiKeyScope>> = {
  // Send, read and end alerts (a fire panel polls one alert's acknowledgements).
  'GET /api/alerts': 'alerts',
  'POST /api/alerts': 'alerts',
  'GET /api/alerts/:id': 'alerts',
  'DELETE /api/alerts/:id': 'alerts',
  // CAP 1.2: a message posted, or a feed the building's system registers (modules/cap).
  'POST /api/alerts/cap': 'alerts',
  'GET /api/cap-feeds': 'alerts',
  'POST /api/cap-feeds': 'alerts',
  'PUT /api/cap-feeds/:id': 'alerts',
  'DELETE /api/cap-feeds/:id': 'alerts',
  // Screens, their groups, their state and what they show now.
  'GET /api/screens': 'screens:read',
  'GET /api/screens/now': 'screens:read',
  'GET /api/screens/:id/now': 'screens:read',
  'GET /api/screens/:id/usage': 'screens:read',
  'GET /api/screens/health': 'screens:read',
  'GET /api/screens/:id/screenshot': 'screens:read',
  'GET /api/screen-groups': 'screens:read',
  'GET /api/screen-groups/:id/usage': 'screens:read',
  // Content: media, apps, playlists, tickers and layouts.
  'GET /api/media': 'content',
  'POST /api/media/upload': 'content',
  'POST /api/media/apps': 'content',
  'POST /api/media/apps/preview': 'content',
  'PUT /api/media/:id': 'content',
  'PUT /api/media/:id/file': 'content',
  'GET /api/media/:id/usage': 'content',
  'DELETE /api/media/:id': 'content',
  'POST /api/uploads': 'content',
  // tus answers these itself, below its router (resumable-uploads.routes.ts).
  'HEAD /api/uploads/*rest': 'content',
  'PATCH /api/uploads/*rest': 'content',
  'DELETE /api/uploads/*rest': 'content',
  'GET /api/playlists': 'content',
  'POST /api/playlists': 'content',
  'PUT /api/playlists/:id': 'content',
  'DELETE /api/playlists/:id': 'content',
  'GET /api/playlists/:id/usage': 'content',
  'GET /api/direction-playlists': 'content',
  'POST /api/direction-playlists': 'content',
  'PUT /api/direction-playlists/:id': 'content',
  'DELETE /api/direction-playlists/:id': 'content',
  'GET /api/direction-playlists/:id/usage': 'content',
  'GET /api/layouts': 'content',
  'GET /api/layouts/templates': 'content',
  'POST /api/layouts': 'content',
  'POST /api/layouts/preview': 'content',
  'GET /api/layouts/:id': 'content',
  'PUT /api/layouts/:id': 'content',
  'DELETE /api/layouts/:id': 'content',
  'GET /api/layouts/:id/usage': 'content',
  // What screens show: assignments (a screen's content only, screens.routes.ts) and schedules.
  'PUT /api/screens/:id': 'schedules',
  'GET /api/schedules': 'schedules',
  'POST /api/schedules': 'schedules',
  'PUT /api/schedules/:id': 'schedules',
  'DELETE /api/schedules/:id': 'schedules',
  // Proof of play.
  'GET /api/reports/plays': 'reports:read',
  // Webhooks (a monitoring system subscribing itself).
  'GET /api/webhooks': 'webhooks',
  'POST /api/webhooks': 'webhooks',
  'PUT /api/webhooks/:id': 'webhooks',
  'DELETE /api/webhooks/:id': 'webhooks',
  'GET /api/webhooks/:id/deliveries': 'webhooks',
  'POST /api/webhooks/:id/test': 'webhooks',
};

// Matched as Express matches its routes (router 2.x: case-insensitive, a trailing slash allowed),
// so the route a key is checked for is the route that answers it.
const compiled = Object.entries(KEY_ROUTES).map(([key, scope]) => {
  const [method, path] = key.split(' ') as [string, string];
  // Matched on the path as sent, as the router does; parameters are never decoded here (a bad escape, '%ZZ', is the router's 400 to give).
  return { method, scope, matches: match(path, { sensitive: false, end: true, trailing: true, decode: false }) };
});

/**
 * The scope a request's route asks of a key, or undefined when no key may call it. HEAD asks
 * what GET asks (Express answers it with GET's handler) unless listed itself.
 */
export function scopeOfRoute(req: Pick<Request, 'method' | 'path'>, base = ''): TApiKeyScope | undefined {
  const path = base + req.path;
  const methods = req.method === 'HEAD' ? ['HEAD', 'GET'] : [req.method];
  for (const method of methods) {
    const found = compiled.find((r) => r.method === method && r.matches(path));
    if (found) return found.scope;
  }
  return undefined;
}
