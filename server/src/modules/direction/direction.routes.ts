import { Router } from 'express';
import { ZCreateDirectionRequest, ZIdParams, ZUpdateDirectionRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAuth } from '../../http/authenticate.js';
import { presentRefs } from '../../http/present-refs.js';
import { requireActivePackage } from '../purchases/active-purchase.js';
import { schedulesUsing } from '../schedules/schedules.service.js';
import { presentDirectionPlaylist } from './direction.presenter.js';
import {
  createDirectionPlaylist, deleteDirectionPlaylist, directionUsage, listDirectionPlaylists, updateDirectionPlaylist,
} from './direction.service.js';

/** Ticker ("Reji") playlists: /api/direction-playlists. */
export function directionRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx));

  router.get('/', async (req, res) => {
    const rows = await listDirectionPlaylists(ctx.db, currentUser(req).id);
    res.json(rows.map(presentDirectionPlaylist));
  });

  router.post('/', async (req, res) => {
    const body = ZCreateDirectionRequest.parse(req.body);
    res.status(201).json(presentDirectionPlaylist(await createDirectionPlaylist(ctx.db, currentUser(req).id, body)));
  });

  router.put('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZUpdateDirectionRequest.parse(req.body);
    res.json(presentDirectionPlaylist(await updateDirectionPlaylist(ctx, currentUser(req).id, id, body)));
  });

  router.get('/:id/usage', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const screens = presentRefs(await directionUsage(ctx.db, currentUser(req).id, id));
    res.json({ screens, schedules: presentRefs(await schedulesUsing(ctx.db, currentUser(req).id, { tickerPlaylistId: id })) });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteDirectionPlaylist(ctx, currentUser(req).id, id);
    res.json({ message: 'Reji playlisti silindi' });
  });

  return router;
}
