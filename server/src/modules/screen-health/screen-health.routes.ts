import express, { Router, type RequestHandler } from 'express';
import { SCREENSHOT_MAX_BYTES, ZIdParams, ZScreenshotUploadQuery, ZUpdateHealthSettingsRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireAllScreens, requireRole } from '../../http/policy.js';
import { fileTooLarge, unsupportedFileType } from '../../http/errors.js';
import { perMinutePerKey } from '../../http/rate-limits.js';
import { currentDevice, requireDevice } from '../devices/device-auth.js';
import { presentScreenHealthList } from './screen-health.presenter.js';
import { getHealthSettings, requestScreenshot, screenHealthList, updateHealthSettings } from './screen-health.service.js';
import { newestScreenshot, noScreenshotYet, storeScreenshot, tooLargeMessage } from './screenshots.js';
import { assertScreenInScope, screenScopeOf, withinScope } from '../accounts/screen-scope.js';

/** 'Ekran Görüntüsü Al' per screen and person: more is a stuck button or a script, not a look at the wall. */
export const SCREENSHOT_REQUESTS_PER_MINUTE = 6;
/** Uploads per device: the answers to those requests and the thumbnail every 10 minutes, with room to spare. */
export const SCREENSHOT_UPLOADS_PER_MINUTE = 20;

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
  const requestsPerScreen = perMinutePerKey(ctx.rateLimits, 'screenshot-request', SCREENSHOT_REQUESTS_PER_MINUTE,
    'Bu ekrandan çok sık ekran görüntüsü istendi. Lütfen biraz bekleyip tekrar deneyin.',
    (req) => `${currentAccount(req).id}:${String(req.params.id)}`);
  const uploadsPerDevice = perMinutePerKey(ctx.rateLimits, 'screenshot-upload', SCREENSHOT_UPLOADS_PER_MINUTE,
    'Çok sık ekran görüntüsü gönderildi. Lütfen biraz bekleyip tekrar deneyin.',
    (req) => currentDevice(req).id);

  router.get('/screens/health', requireAuth(ctx), async (req, res) => {
    const scope = await screenScopeOf(ctx.db, req);
    const list = presentScreenHealthList(await screenHealthList(ctx, currentAccount(req).id));
    res.json({ ...list, screens: withinScope(scope, list.screens, (s) => s.screenId) });
  });

  router.post('/screens/:id/screenshot', requireAuth(ctx), requestsPerScreen, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await assertScreenInScope(ctx.db, req, id);
    res.status(202).json(await requestScreenshot(ctx, currentAccount(req).id, id));
  });

  router.get('/screens/:id/screenshot', requireAuth(ctx), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await assertScreenInScope(ctx.db, req, id);
    const { key, takenAt } = await newestScreenshot(ctx, currentAccount(req).id, id);
    const sent = await ctx.storage.send(res, key, {
      headers: { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Last-Modified': takenAt.toUTCString() },
    });
    if (!sent) throw noScreenshotYet();
  });

  // The kind is checked before the body is read.
  const uploadKind: RequestHandler = (req, _res, next) => { ZScreenshotUploadQuery.parse(req.query); next(); };
  router.put('/devices/screenshot', requireDevice(ctx), uploadsPerDevice, uploadKind, jpegBody, async (req, res) => {
    const { kind } = ZScreenshotUploadQuery.parse(req.query);
    res.status(201).json(await storeScreenshot(ctx, currentDevice(req), kind, req.body));
  });

  router.get('/settings/health', requireAuth(ctx), async (req, res) => {
    res.json(await getHealthSettings(ctx.db, currentAccount(req).id));
  });

  router.put('/settings/health', requireAuth(ctx), requireRole('admin'), requireAllScreens(), async (req, res) => {
    const input = ZUpdateHealthSettingsRequest.parse(req.body);
    res.json(await updateHealthSettings(ctx.db, currentAccount(req).id, input));
  });

  return router;
}
