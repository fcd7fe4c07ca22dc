import type { RequestHandler } from 'express';
import { ZIdParams } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { clientHasVersion, readScreenConfig } from './screen-config-access.js';

/** Where players (device tokens) and the dashboard's preview (user tokens) read a screen's config. */
export const SCREEN_CONFIG_PATH = '/api/screens/:id/config';

/**
 * GET /api/screens/:id/config. Its own access check (screen-config-access.ts), never a 402:
 * screens run unattended. Mounted on the app ahead of the other API routers and the JSON body
 * parser (src/routes.ts): every player fetches it after each (re)connect and push, and none of
 * that middleware applies to a bodiless GET (docs/PERFORMANCE.md, P5).
 */
export function screenConfigRoute(ctx: AppContext): RequestHandler {
  return async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const config = await readScreenConfig(ctx, req, id);
    res.set('ETag', `"${config.version}"`).set('Cache-Control', 'no-cache');
    // Counted as answered, so the share of 304s says how much a push or reconnect saves.
    ctx.metrics.configFetches.inc();
    if (clientHasVersion(req, config.version)) {
      ctx.metrics.configNotModified.inc();
      return void res.status(304).end();
    }
    // Pre-serialised (screen-config-cache.ts): the same bytes res.json would send.
    res.set('Content-Type', 'application/json; charset=utf-8').send(config.json());
  };
}
