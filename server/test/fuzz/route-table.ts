import type { Express } from 'express';

export type RouteEntry = { method: string; path: string };

// The shape of Express 5's router layers (router 2.x) as far as this walk needs it.
type Layer = {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
};

const join = (prefix: string, path: string) => {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
};

/**
 * Every route the app serves, read from its router stack (mounted routers included), so a
 * route added later is fuzzed without anyone listing it. Regular-expression routes (the
 * dashboard's fallback) have no path to fill in and are left out.
 */
export function listRoutes(app: Express): RouteEntry[] {
  const out = new Map<string, RouteEntry>();
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        if (typeof layer.route.path !== 'string') continue;
        for (const method of Object.keys(layer.route.methods)) {
          if (method === '_all') continue;
          const entry = { method: method.toUpperCase(), path: join(prefix, layer.route.path) };
          out.set(`${entry.method} ${entry.path}`, entry);
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, join(prefix, typeof layer.rawPath === 'string' ? layer.rawPath : ''));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return [...out.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}
