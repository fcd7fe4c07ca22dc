import { Router } from 'express';
import { ZAssignScreenRequest, ZCreateScreenRequest, ZIdParams } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { isLimited, writesNeed } from '../../http/policy.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { presentRefs } from '../../http/present-refs.js';
import { presentScreen } from './screens.presenter.js';
import { removeScreenshots } from '../screen-health/screenshots.js';
import { assertScreenInScope, screenScopeOf, withinScope } from '../accounts/screen-scope.js';
import { forbidden } from '../../http/errors.js';
import { createScreen, deleteScreen, listScreens, screenUsage, updateScreen } from './screens.service.js';

export function screenRoutes(ctx: AppContext): Router {
  const router = Router();

  // GET /:id/config is mounted on its own, ahead of this router (screen-config.routes.ts).
  router.use(requireAuth(ctx), requireActivePackage(ctx), writesNeed('publisher'));
  // A member limited to screen groups: any other screen is missing (accounts/screen-scope.ts).
  router.param('id', async (req, _res, next, id: string) => {
    await assertScreenInScope(ctx.db, req, id);
    next();
  });

  router.get('/', async (req, res) => {
    const scope = await screenScopeOf(ctx.db, req);
    res.json(withinScope(scope, await listScreens(ctx.db, currentAccount(req).id), (s) => s.id).map(presentScreen));
  });

  router.post('/', async (req, res) => {
    // A new screen is in no group yet: a limited member could never see it.
    if (isLimited(currentAccount(req))) throw forbidden('Ekran gruplarıyla sınırlı bir üye yeni ekran ekleyemez');
    const body = ZCreateScreenRequest.parse(req.body);
    res.status(201).json(presentScreen(await createScreen(ctx, currentAccount(req).id, req.activePurchase, body)));
  });

  router.put('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZAssignScreenRequest.parse(req.body);
    // A key's `schedules` scope assigns content; the screen itself is a person's to change.
    const screenItself = [body.name, body.timezone, body.rotation, body.latitude, body.longitude];
    if (req.apiKey && screenItself.some((v) => v !== undefined)) {
      throw forbidden('API anahtarı bir ekranın yalnızca içeriğini (playlist, kayan yazı, yerleşim) değiştirebilir; adını, saat dilimini, yönünü ve konumunu oturum açan biri değiştirir.');
    }
    res.json(presentScreen(await updateScreen(ctx, currentAccount(req).id, id, body)));
  });

  router.get('/:id/usage', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const { devices, groups, schedules } = await screenUsage(ctx.db, currentAccount(req).id, id);
    res.json({ devices, groups: presentRefs(groups), schedules: presentRefs(schedules) });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteScreen(ctx.db, currentAccount(req).id, id);
    // Its players and previews are cut on every instance; reconnecting, they learn it is gone.
    ctx.connections.screensDeleted([id]);
    // Drops the screen's cached config at once (pushes nothing: the screen is gone).
    await ctx.notifier.screensChanged([id]);
    await removeScreenshots(ctx.storage, [id]);
    res.json({ message: 'Ekran silindi' });
  });

  return router;
}
