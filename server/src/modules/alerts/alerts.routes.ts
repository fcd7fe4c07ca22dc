import { Router, type Request, type RequestHandler } from 'express';
import { ZCreateAlertRequest, ZIdParams } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireRole } from '../../http/policy.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { actorOf } from '../api-keys/api-key-auth.js';
import { presentAlert, presentAlertDetail } from './alerts.presenter.js';
import { alertMissing, createAlert, endAlert, getAlert, listAlerts, type AlertState } from './alerts.service.js';
import { assertTargetsInScope, screenScopeOf, targetsWithin } from '../accounts/screen-scope.js';

/**
 * Emergency alerts ('Acil Duyuru'): /api/alerts. An API key with the `alerts` scope may call
 * every route here (a fire panel triggers, polls and ends; http/key-routes.ts). `sends`
 * limits sending per account and per key (alert-send-limit.ts).
 */
export function alertRoutes(ctx: AppContext, sends: RequestHandler): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx));

  // A member limited to screen groups sees and ends only alerts aimed within them (accounts/screen-scope.ts).
  const visible = async (req: Request, { row }: Pick<AlertState, 'row'>) =>
    targetsWithin(currentAccount(req), await screenScopeOf(ctx.db, req), { all: row.allScreens, screenIds: row.requestedScreenIds, groupIds: row.requestedGroupIds });

  router.get('/', async (req, res) => {
    const alerts = await listAlerts(ctx, currentAccount(req).id);
    const shown = [];
    for (const a of alerts) if (await visible(req, a)) shown.push(a);
    res.json(shown.map(presentAlert));
  });

  router.post('/', requireRole('publisher'), sends, async (req, res) => {
    const body = ZCreateAlertRequest.parse(req.body);
    await assertTargetsInScope(ctx.db, req, body);
    res.status(201).json(presentAlert(await createAlert(ctx, currentAccount(req).id, actorOf(req), body)));
  });

  router.get('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const alert = await getAlert(ctx, currentAccount(req).id, id);
    if (!(await visible(req, alert))) throw alertMissing();
    res.json(presentAlertDetail(alert));
  });

  router.delete('/:id', requireRole('publisher'), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    if (!(await visible(req, await getAlert(ctx, currentAccount(req).id, id)))) throw alertMissing();
    res.json(presentAlert(await endAlert(ctx, currentAccount(req).id, actorOf(req), id)));
  });

  return router;
}
