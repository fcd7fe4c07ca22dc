import express, { Router, type RequestHandler } from 'express';
import { SCREENSHOT_MAX_BYTES, ZIdParams, ZScreenshotUploadQuery, ZUpdateHealthSettingsRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAuth } from '../../http/authenticate.js';
import { fileTooLarge, unsupportedFileType } from '../../http/errors.js';
import { currentDevice, requireDevice } from '../devices/device-auth.js';
import { getHealthSettings, requestScreenshot, screenHealthList, updateHealthSettings } from './screen-health.service.js';
import { newestScreenshot, storeScreenshot, tooLargeMessage } from './screenshots.js';

const rawJpeg = express.raw({ type: 'image/jpeg', limit: SCREENSHOT_MAX_BYTES });

/** The request body as bytes, only for image/jpeg and at most SCREENSHOT_MAX_BYTES. */
const jpegBody: RequestHandler = (req, res, next) => {
  if (!req.is('image/jpeg')) throw unsupportedFileType('Ekran görüntüsü JPEG (image/jpeg) olarak gönderilmelidir');
  rawJpeg(req, res, (err?: unknown) => {
    next((err as { type?: string } | undefined)?.type === 'entity.too.large' ? fileTooLarge(tooLargeMessage) : err);
  });
};

/**
 * docs/PRODUCT.md#screen-health: screen health, the warning time and remote screenshots.
 * Mounted at /api ahead of the screens router (whose package guard would answer
 * /screens/health first): watching one's screens needs no running package, like presence.
 */
export function screenHealthRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/screens/health', requireAuth(ctx), async (req, res) => {
    res.json(await screenHealthList(ctx, currentUser(req).id));
  });

  router.post('/screens/:id/screenshot', requireAuth(ctx), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.status(202).json(await requestScreenshot(ctx, currentUser(req).id, id));
  });

  router.get('/screens/:id/screenshot', requireAuth(ctx), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const { file, takenAt } = await newestScreenshot(ctx, currentUser(req).id, id);
    res.sendFile(file, {
      headers: { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Last-Modified': takenAt.toUTCString() },
      cacheControl: false,
      lastModified: false,
      etag: false,
    });
  });

  // The kind is checked before the body is read.
  const uploadKind: RequestHandler = (req, _res, next) => { ZScreenshotUploadQuery.parse(req.query); next(); };
  router.put('/devices/screenshot', requireDevice(ctx), uploadKind, jpegBody, async (req, res) => {
    const { kind } = ZScreenshotUploadQuery.parse(req.query);
    res.status(201).json(await storeScreenshot(ctx, currentDevice(req), kind, req.body));
  });

  router.get('/settings/health', requireAuth(ctx), async (req, res) => {
    res.json(await getHealthSettings(ctx.db, currentUser(req).id));
  });

  router.put('/settings/health', requireAuth(ctx), async (req, res) => {
    const input = ZUpdateHealthSettingsRequest.parse(req.body);
    res.json(await updateHealthSettings(ctx.db, currentUser(req).id, input));
  });

  return router;
}
