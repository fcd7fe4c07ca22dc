import { Router } from 'express';
import { ZAppPreviewRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireRole } from '../../http/policy.js';
import { perMinutePerKey } from '../../http/rate-limits.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { previewAppData } from './app-data.service.js';

/** Previews per person: the form asks once the typing stops, so more is a script using the server as a fetcher. */
export const APP_PREVIEWS_PER_MINUTE = 20;

/** POST /api/media/apps/preview (docs/PRODUCT.md#apps): an rss or weather app's data before it is saved. */
export function appDataRoutes(ctx: AppContext): Router {
  const router = Router();
  const previewsPerUser = perMinutePerKey(ctx.rateLimits, 'app-preview', APP_PREVIEWS_PER_MINUTE,
    'Çok sık önizleme istendi. Lütfen biraz bekleyip tekrar deneyin.', (req) => currentAccount(req).id);
  router.post('/', requireAuth(ctx), requireActivePackage(ctx), requireRole('editor'), previewsPerUser, async (req, res) => {
    const { app } = ZAppPreviewRequest.parse(req.body);
    res.json(await previewAppData(ctx, app));
  });
  return router;
}
