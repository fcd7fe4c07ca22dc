import { Router } from 'express';
import { ZCreateApiKeyRequest, ZIdParams } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireRole } from '../../http/policy.js';
import { assertMayCreateApiKey } from '../accounts/member-scope.js';
import { presentApiKey } from './api-keys.presenter.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

/**
 * API keys ('API Anahtarları' on /settings): /api/api-keys. A person's session only (an API
 * key is refused by requireAuth), and no running package needed: a customer whose package
 * ended can still revoke a key.
 */
export function apiKeyRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireRole('admin'));

  router.get('/', async (req, res) => {
    res.json((await listApiKeys(ctx.db, currentAccount(req).id)).map(presentApiKey));
  });

  router.post('/', async (req, res) => {
    const { name } = ZCreateApiKeyRequest.parse(req.body);
    const account = currentAccount(req);
    assertMayCreateApiKey(account);
    const { row, key } = await createApiKey(ctx, account.id, name);
    res.status(201).json({ ...presentApiKey(row), key });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await revokeApiKey(ctx, currentAccount(req).id, id);
    res.json({ message: 'API anahtarı iptal edildi' });
  });

  return router;
}
