import { Router, type RequestHandler } from 'express';
import { ZCreateTickerRequest, ZIdParams, ZUpdateTickerRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { passOn } from '../../http/pass-on.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { writesNeed } from '../../http/policy.js';
import { presentRefs } from '../../http/present-refs.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { schedulesUsing } from '../schedules/schedules.service.js';
import { layoutsUsing } from '../layouts/layout-screens.js';
import { presentTickerPlaylist } from './tickers.presenter.js';
import {
  createTickerPlaylist, deleteTickerPlaylist, tickerUsage, listTickerPlaylists, updateTickerPlaylist,
} from './tickers.service.js';

/** Ticker ("Reji") playlists: /api/direction-playlists. */
export function tickerRoutes(ctx: AppContext, approvalGate: RequestHandler = passOn): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx), writesNeed('editor'));

  router.get('/', async (req, res) => {
    const rows = await listTickerPlaylists(ctx.db, currentAccount(req).id);
    res.json(rows.map(presentTickerPlaylist));
  });

  router.post('/', async (req, res) => {
    const body = ZCreateTickerRequest.parse(req.body);
    res.status(201).json(presentTickerPlaylist(await createTickerPlaylist(ctx.db, currentAccount(req).id, body)));
  });

  router.put('/:id', approvalGate, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZUpdateTickerRequest.parse(req.body);
    res.json(presentTickerPlaylist(await updateTickerPlaylist(ctx, currentAccount(req).id, id, body)));
  });

  router.get('/:id/usage', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const ownerId = currentAccount(req).id;
    const screens = presentRefs(await tickerUsage(ctx.db, ownerId, id));
    const [schedules, layouts] = await Promise.all([
      schedulesUsing(ctx.db, ownerId, { tickerPlaylistId: id }), layoutsUsing(ctx.db, ownerId, { tickerPlaylistId: id }),
    ]);
    res.json({ screens, schedules: presentRefs(schedules), layouts: presentRefs(layouts) });
  });

  router.delete('/:id', approvalGate, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteTickerPlaylist(ctx, currentAccount(req).id, id);
    res.json({ message: 'Reji playlisti silindi' });
  });

  return router;
}
