import { Router, type RequestHandler } from 'express';
import { ZCreatePlaylistRequest, ZIdParams, ZUpdatePlaylistRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { passOn } from '../../http/pass-on.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { writesNeed } from '../../http/policy.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { presentPlaylist } from './playlists.presenter.js';
import { presentRefs } from '../../http/present-refs.js';
import { schedulesUsing } from '../schedules/schedules.service.js';
import { layoutsUsing } from '../layouts/layout-screens.js';
import { createPlaylist, deletePlaylist, listPlaylists, playlistUsage, updatePlaylist } from './playlists.service.js';

export function playlistRoutes(ctx: AppContext, approvalGate: RequestHandler = passOn): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx), writesNeed('editor'));

  router.get('/', async (req, res) => {
    const rows = await listPlaylists(ctx.db, currentAccount(req).id);
    res.json(rows.map(presentPlaylist));
  });

  router.post('/', async (req, res) => {
    const body = ZCreatePlaylistRequest.parse(req.body);
    const row = await createPlaylist(ctx, currentAccount(req).id, req.activePurchase, body);
    res.status(201).json(presentPlaylist(row));
  });

  router.put('/:id', approvalGate, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZUpdatePlaylistRequest.parse(req.body);
    res.json(presentPlaylist(await updatePlaylist(ctx, currentAccount(req).id, id, body)));
  });

  router.get('/:id/usage', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const ownerId = currentAccount(req).id;
    const screens = presentRefs(await playlistUsage(ctx.db, ownerId, id));
    const [schedules, layouts] = await Promise.all([
      schedulesUsing(ctx.db, ownerId, { playlistId: id }), layoutsUsing(ctx.db, ownerId, { playlistId: id }),
    ]);
    res.json({ screens, schedules: presentRefs(schedules), layouts: presentRefs(layouts) });
  });

  router.delete('/:id', approvalGate, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deletePlaylist(ctx, currentAccount(req).id, id);
    res.json({ message: 'Playlist silindi' });
  });

  return router;
}
