import { Router, type RequestHandler } from 'express';
import { ZCreateAlertRequest, ZIdParams } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { actorOf, requireUserOrAlertKey } from '../api-keys/api-key-auth.js';
import { presentAlert, presentAlertDetail } from './alerts.presenter.js';
import { createAlert, endAlert, getAlert, listAlerts } from './alerts.service.js';

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

  router.get('/', ...person, async (req, res) => {
    res.json((await listAlerts(ctx, currentAccount(req).id)).map(presentAlert));
  });

  router.post('/', ...personOrKey, sends, async (req, res) => {
    const body = ZCreateAlertRequest.parse(req.body);
    res.status(201).json(presentAlert(await createAlert(ctx, currentAccount(req).id, actorOf(req), body)));
  });

  router.get('/:id', ...personOrKey, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.json(presentAlertDetail(await getAlert(ctx, currentAccount(req).id, id)));
  });

  router.delete('/:id', ...personOrKey, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.json(presentAlert(await endAlert(ctx, currentAccount(req).id, actorOf(req), id)));
  });

  return router;
}
