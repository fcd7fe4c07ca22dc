import { Router } from 'express';
import { ZContentPreviewRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { readContentPreview } from './content-preview.js';
import { presentContentPreview } from './screen-config.presenter.js';

/**
 * POST /api/layouts/preview (docs/PRODUCT.md#layouts-api): the layout editor's live preview. In
 * the screens module, which builds what screens play; the layouts module may not reach it
 * (the screen config already reads layouts).
 */
export function contentPreviewRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/', requireAuth(ctx), requireActivePackage(ctx), async (req, res) => {
    const body = ZContentPreviewRequest.parse(req.body);
    res.json(presentContentPreview(await readContentPreview(ctx.db, currentAccount(req).id, body)));
  });
  return router;
}
