import { Router, type RequestHandler } from 'express';
import { LAYOUT_TEMPLATES, ZCreateLayoutRequest, ZIdParams, ZUpdateLayoutRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { passOn } from '../../http/pass-on.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { writesNeed } from '../../http/policy.js';
import { presentRefs } from '../../http/present-refs.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { presentLayout } from './layouts.presenter.js';
import { createLayout, deleteLayout, getLayout, layoutUsage, listLayouts, updateLayout } from './layouts.service.js';

/** /api/layouts (docs/PRODUCT.md#layouts-api). */
export function layoutRoutes(ctx: AppContext, approvalGate: RequestHandler = passOn): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx), writesNeed('editor'));

  router.get('/', async (req, res) => {
    res.json((await listLayouts(ctx.db, currentAccount(req).id)).map(presentLayout));
  });

  // Ahead of /:id, which would read 'templates' as an id.
  router.get('/templates', (_req, res) => {
    res.json(LAYOUT_TEMPLATES);
  });

  router.post('/', async (req, res) => {
    const body = ZCreateLayoutRequest.parse(req.body);
    res.status(201).json(presentLayout(await createLayout(ctx, currentAccount(req).id, body)));
  });

  router.get('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.json(presentLayout(await getLayout(ctx.db, currentAccount(req).id, id)));
  });

  router.put('/:id', approvalGate, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZUpdateLayoutRequest.parse(req.body);
    res.json(presentLayout(await updateLayout(ctx, currentAccount(req).id, id, body)));
  });

  router.get('/:id/usage', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const usage = await layoutUsage(ctx.db, currentAccount(req).id, id);
    res.json({ screens: presentRefs(usage.screens), schedules: presentRefs(usage.schedules) });
  });

  router.delete('/:id', approvalGate, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteLayout(ctx, currentAccount(req).id, id);
    res.json({ message: 'Yerleşim silindi' });
  });

  return router;
}
