import { Router } from 'express';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { writesNeed } from '../../http/policy.js';
import { perMinutePerKey } from '../../http/rate-limits.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { inTurkish, resumableUploadServer, type FileReplacementCheck } from './resumable-uploads.js';

/** Uploads a person may begin in a minute. */
export const UPLOADS_BEGUN_PER_MINUTE = 300;

/**
 * /api/uploads (docs/PRODUCT.md#resumable-uploads): the tus server behind the customer's token
 * and running package. Uploads are written, never read back: GET is refused.
 */
export function resumableUploadRoutes(ctx: AppContext, mayReplaceFile: FileReplacementCheck): Router {
  const router = Router();
  const tus = resumableUploadServer(ctx, mayReplaceFile);
  // Uploads begun per person: a folder of photos is a few hundred; more is a script filling the disk with empty uploads.
  const creations = perMinutePerKey(ctx.rateLimits, 'upload-create', UPLOADS_BEGUN_PER_MINUTE,
    'Çok sık yükleme başlatıldı. Lütfen biraz bekleyip tekrar deneyin.', (req) => currentAccount(req).id);
  router.use(requireAuth(ctx), requireActivePackage(ctx), writesNeed('editor'));
  router.post('/', creations);
  router.all('/{*rest}', async (req, res) => {
    // Not router.get: Express answers HEAD (tus's offset question) with GET's handler.
    if (req.method === 'GET') {
      res.status(405).json({ message: 'Yüklemeler okunamaz; dosya yüklendiğinde medya olarak görünür', code: 'VALIDATION_ERROR' });
      return;
    }
    // tus reads the upload's id from the whole path: give it back what the mount took off.
    req.url = req.originalUrl;
    // tus.handle, with its answer put in Turkish on the way out (what handle does, split open).
    const answer = await tus.handleWeb(new NodeRequest({ req, res }));
    await sendNodeResponse(res, await inTurkish(answer));
  });
  return router;
}
