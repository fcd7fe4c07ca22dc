import { Router, type Request, type RequestHandler } from 'express';
import { ZCreateAlertRequest, ZIdParams } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireRole } from '../../http/policy.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { actorOf, requireUserOrAlertKey } from '../api-keys/api-key-auth.js';
import { presentAlert, presentAlertDetail } from './alerts.presenter.js';
import { alertMissing, createAlert, endAlert, getAlert, listAlerts, type AlertState } from './alerts.service.js';
import { assertTargetsInScope, screenScopeOf, targetsWithin } from '../accounts/screen-scope.js';

/**
 * Emergency alerts ('Acil Duyuru'): /api/alerts. Sending, ending and reading one alert also
 * take an API key (a fire panel triggers, ends and polls); the list is a person's only
 * (docs/architecture/security.md#api-keys). `sends` limits sending per account and per key
 * (alert-send-limit.ts).
 */
export function alertRoutes(ctx: AppContext, sends: RequestHandler): Router {
  const router = Router();
  const person = [requireAuth(ctx), requireActivePackage(ctx)];
  const personOrKey = [...requireUserOrAlertKey(ctx), requireActivePackage(ctx)];

  // A member limited to screen groups sees and ends only alerts aimed within them (accounts/screen-scope.ts).
  const visible = async (req: Request, { row }: Pick<AlertState, 'row'>) =>
    targetsWithin(currentAccount(req), await screenScopeOf(ctx.db, req), { all: row.allScreens, screenIds: row.requestedScreenIds, groupIds: row.requestedGroupIds });

  router.get('/', ...person, async (req, res) => {
    const alerts = await listAlerts(ctx, currentAccount(req).id);
    const shown = [];
    for (const a of alerts) if (await visible(req, a)) shown.push(a);
    res.json(shown.map(presentAlert));
  });

  router.post('/', ...personOrKey, requireRole('publisher'), sends, async (req, res) => {
    const body = ZCreateAlertRequest.parse(req.body);
    await assertTargetsInScope(ctx.db, req, body);
    res.status(201).json(presentAlert(await createAlert(ctx, currentAccount(req).id, actorOf(req), body)));
  });

  router.get('/:id', ...personOrKey, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const alert = await getAlert(ctx, currentAccount(req).id, id);
    if (!(await visible(req, alert))) throw alertMissing();
    res.json(presentAlertDetail(alert));
  });

  router.delete('/:id', ...personOrKey, requireRole('publisher'), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    if (!(await visible(req, await getAlert(ctx, currentAccount(req).id, id)))) throw alertMissing();
    res.json(presentAlert(await endAlert(ctx, currentAccount(req).id, actorOf(req), id)));
  });

  return router;
}
