import { Router } from 'express';
import { ZIdParams, ZScreenNowQuery } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { presentScreenConfigs } from './screen-config.presenter.js';
import { readScreenConfigSources } from './screen-config.js';
import { screenNow, screensNow } from './screen-now.js';
import { assertScreenInScope, inScope, screenScopeOf } from '../accounts/screen-scope.js';

/**
 * GET /api/screens/now and /api/screens/{id}/now (docs/PRODUCT.md#what-plays-now). Mounted
 * ahead of the screens router and without its package guard: like the player, a customer
 * whose package ended is told that nothing plays ('none') rather than refused.
 */
export function screenNowRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/now', requireAuth(ctx), async (req, res) => {
    const { at } = ZScreenNowQuery.parse(req.query);
    const now = at ?? ctx.clock();
    const scope = await screenScopeOf(ctx.db, req);
    const configs = presentScreenConfigs(await readScreenConfigSources(ctx.db, { ownerId: currentAccount(req).id }, { now }), '');
    res.json(screensNow(new Map([...configs].filter(([screenId]) => inScope(scope, screenId))), now));
  });

  router.get('/:id/now', requireAuth(ctx), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await assertScreenInScope(ctx.db, req, id);
    const { at } = ZScreenNowQuery.parse(req.query);
    const now = at ?? ctx.clock();
    const configs = presentScreenConfigs(await readScreenConfigSources(ctx.db, [id], { now }), '');
    res.json(screenNow(configs, currentAccount(req).id, id, now));
  });

  return router;
}
