import { Router } from 'express';
import { ZAssignScreenRequest, ZCreateScreenRequest, ZIdParams } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAuth } from '../../http/authenticate.js';
import { requireActivePackage } from '../purchases/active-purchase.js';
import { clientHasVersion, readScreenConfig } from './screen-config-access.js';
import { presentScreen } from './screens.presenter.js';
import { createScreen, deleteScreen, listScreens, updateScreen } from './screens.service.js';

export function screenRoutes(ctx: AppContext): Router {
  const router = Router();

  // Before the guards below: players (device tokens) read it too, and it never answers 402.
  router.get('/:id/config', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const config = await readScreenConfig(ctx, req, id);
    res.set('ETag', `"${config.version}"`).set('Cache-Control', 'no-cache');
    if (clientHasVersion(req, config.version)) return void res.status(304).end();
    // Pre-serialised (screen-config-cache.ts): the same bytes res.json would send.
    res.set('Content-Type', 'application/json; charset=utf-8').send(config.json());
  });

  router.use(requireAuth(ctx), requireActivePackage(ctx));

  router.get('/', async (req, res) => {
    res.json((await listScreens(ctx.db, currentUser(req).id)).map(presentScreen));
  });

  router.post('/', async (req, res) => {
    const body = ZCreateScreenRequest.parse(req.body);
    res.status(201).json(presentScreen(await createScreen(ctx, currentUser(req).id, req.activePurchase, body)));
  });

  router.put('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZAssignScreenRequest.parse(req.body);
    res.json(presentScreen(await updateScreen(ctx, currentUser(req).id, id, body)));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteScreen(ctx.db, currentUser(req).id, id);
    // Drops the screen's cached config at once (pushes nothing: the screen is gone).
    await ctx.notifier.screensChanged([id]);
    res.json({ message: 'Ekran silindi' });
  });

  return router;
}
