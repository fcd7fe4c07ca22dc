import { Router } from 'express';
import { ZIdParams, ZWebhookWrite } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { peopleNeed, requireAllScreens } from '../../http/policy.js';
import { presentDelivery, presentWebhook } from './webhooks.presenter.js';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, sendTest, updateWebhook } from './webhooks.service.js';

const LIMITED = 'Ekran gruplarıyla sınırlı olduğunuz için webhook\'ları yönetemezsiniz: webhook\'lar hesabın tüm ekranlarındaki olayları bildirir.';

/**
 * Webhooks ("Webhook'lar" on /settings): /api/webhooks (docs/architecture/webhooks.md). Owners
 * and admins who see every screen (a hook hears of every screen), or an API key with the
 * `webhooks` scope (http/key-routes.ts); no running package needed, so a hook can always be
 * turned off or deleted.
 */
export function webhookRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), peopleNeed('admin'), requireAllScreens(LIMITED));

  router.get('/', async (req, res) => {
    res.json((await listWebhooks(ctx, currentAccount(req).id)).map(presentWebhook));
  });

  router.post('/', async (req, res) => {
    const body = ZWebhookWrite.parse(req.body);
    const { row, secret } = await createWebhook(ctx, currentAccount(req).id, body);
    res.status(201).json({ ...presentWebhook(row), secret });
  });

  router.put('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZWebhookWrite.parse(req.body);
    res.json(presentWebhook(await updateWebhook(ctx, currentAccount(req).id, id, body)));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteWebhook(ctx, currentAccount(req).id, id);
    res.json({ message: 'Webhook silindi' });
  });

  router.get('/:id/deliveries', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.json((await listDeliveries(ctx, currentAccount(req).id, id)).map(presentDelivery));
  });

  router.post('/:id/test', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.status(202).json(presentDelivery(await sendTest(ctx, currentAccount(req).id, id)));
  });

  return router;
}
