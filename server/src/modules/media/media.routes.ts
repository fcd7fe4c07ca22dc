import { Router, type RequestHandler } from 'express';
import { ZCreateAppRequest, ZIdParams, ZUpdateMediaRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { passOn } from '../../http/pass-on.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { writesNeed } from '../../http/policy.js';
import { perMinutePerKey } from '../../http/rate-limits.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { presentRefs } from '../../http/present-refs.js';
import { createApp, deleteMedia, listMedia, mediaUsage, updateMedia } from './media.service.js';
import { presentMedia, presentSaved } from './media.presenter.js';
import { replaceMediaUpload } from './replace-media.js';
import { uploadMedia } from './upload-media.js';

/**
 * Saves of news and weather apps per person: each one makes the server fetch the app's address
 * (docs/PRODUCT.md#apps), so more is a script using the server as a fetcher. Other saves are not counted.
 */
export const APP_FETCHING_SAVES_PER_MINUTE = 20;

/** Whether a create or update body holds an app whose data the server fetches when it is saved. */
const fetchesOnSave = (body: unknown): boolean => {
  const kind = (body as { app?: { kind?: unknown } } | undefined)?.app?.kind;
  return kind === 'rss' || kind === 'weather';
};

/** /api/media: the customer's own media; every route needs a running package (402). */
export function mediaRoutes(ctx: AppContext, approvalGate: RequestHandler = passOn): Router {
  const r = Router();
  r.use(requireAuth(ctx), requireActivePackage(ctx), writesNeed('editor'));
  const fetchingSaves = perMinutePerKey(ctx.rateLimits, 'app-save', APP_FETCHING_SAVES_PER_MINUTE,
    'Çok sık haber ya da hava durumu uygulaması kaydedildi. Lütfen biraz bekleyip tekrar deneyin.', (req) => currentAccount(req).id);
  const limitFetchingSaves: RequestHandler = (req, res, next) => (fetchesOnSave(req.body) ? fetchingSaves(req, res, next) : next());

  r.get('/', async (req, res) => {
    const rows = await listMedia(ctx.db, currentAccount(req).id);
    res.json(rows.map(presentMedia));
  });

  r.post('/upload', async (req, res) => {
    const row = await uploadMedia(ctx, req, res, currentAccount(req).id, req.activePurchase);
    res.status(201).json(presentMedia(row));
  });

  // docs/PRODUCT.md#replacing-a-file: a new file for the item, which keeps its id.
  r.put('/:id/file', approvalGate, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const row = await replaceMediaUpload(ctx, req, res, currentAccount(req).id, id, req.activePurchase);
    res.json(presentMedia(row));
  });

  r.post('/apps', limitFetchingSaves, async (req, res) => {
    const body = ZCreateAppRequest.parse(req.body);
    res.status(201).json(presentSaved(await createApp(ctx, currentAccount(req).id, body)));
  });

  r.put('/:id', limitFetchingSaves, approvalGate, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZUpdateMediaRequest.parse(req.body);
    res.json(presentSaved(await updateMedia(ctx, currentAccount(req).id, id, body)));
  });

  r.get('/:id/usage', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const usage = await mediaUsage(ctx.db, currentAccount(req).id, id);
    res.json({ playlists: presentRefs(usage.playlists), screens: presentRefs(usage.screens) });
  });

  r.delete('/:id', approvalGate, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteMedia(ctx, currentAccount(req).id, id);
    res.json({ message: 'Medya silindi' });
  });

  return r;
}
