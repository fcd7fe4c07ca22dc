import { Router, type RequestHandler } from 'express';
import { ZAlertTemplateWrite, ZIdParams, ZSendAlertTemplateRequest } from '@pano/contract';
import { assertTargetsInScope } from '../accounts/screen-scope.js';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { writesNeed } from '../../http/policy.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { actorOf } from '../api-keys/api-key-auth.js';
import { presentAlertTemplate } from './alert-templates.presenter.js';
import { presentAlert } from './alerts.presenter.js';
import {
  createTemplate, deleteTemplate, listTemplates, sendTemplate, updateTemplate,
} from './alert-templates.service.js';

/**
 * Alert templates ('Şablonlar'): /api/alert-templates. A person's session only. A send counts
 * with the account's other sends (`sends`, alert-send-limit.ts).
 */
export function alertTemplateRoutes(ctx: AppContext, sends: RequestHandler): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx), writesNeed('publisher'));

  router.get('/', async (req, res) => {
    res.json((await listTemplates(ctx.db, currentAccount(req).id)).map(presentAlertTemplate));
  });

  router.post('/', async (req, res) => {
    const body = ZAlertTemplateWrite.parse(req.body);
    res.status(201).json(presentAlertTemplate(await createTemplate(ctx, currentAccount(req).id, body)));
  });

  router.put('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZAlertTemplateWrite.parse(req.body);
    res.json(presentAlertTemplate(await updateTemplate(ctx, currentAccount(req).id, id, body)));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteTemplate(ctx, currentAccount(req).id, id);
    res.json({ message: 'Şablon silindi' });
  });

  router.post('/:id/send', sends, async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const override = ZSendAlertTemplateRequest.parse(req.body ?? {});
    const inScope = (targets: { all: boolean; screens: string[]; groups: string[] }) => assertTargetsInScope(ctx.db, req, targets);
    res.status(201).json(presentAlert(await sendTemplate(ctx, currentAccount(req).id, actorOf(req), id, override, inScope)));
  });

  return router;
}
