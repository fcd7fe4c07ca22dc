import { Router } from 'express';
import { ZCreateApiKeyRequest, ZIdParams } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireRole } from '../../http/policy.js';
import { assertGrantable, withinCaller } from '../accounts/member-scope.js';
import { presentApiKey } from './api-keys.presenter.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

/**
 * API keys ('API Anahtarları' on /settings): /api/api-keys. A person's session only (no key
 * manages keys, http/key-routes.ts), and no running package needed: a customer whose package ended
 * can still revoke a key. An admin limited to screen groups sees, makes and revokes only keys
 * within their own groups (docs/architecture/security.md#api-keys).
 */
export function apiKeyRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireRole('admin'));

  router.get('/', async (req, res) => {
    const caller = currentAccount(req);
    const keys = await listApiKeys(ctx, caller.id);
    res.json(keys.filter((k) => withinCaller(caller, k.groups.map((g) => g.group.id))).map(presentApiKey));
  });

  router.post('/', async (req, res) => {
    const body = ZCreateApiKeyRequest.parse(req.body);
    const caller = currentAccount(req);
    assertGrantable(caller, body.groups);
    const { row, key } = await createApiKey(ctx, caller.id, body);
    res.status(201).json({ ...presentApiKey(row), key });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await revokeApiKey(ctx, currentAccount(req), id);
    res.json({ message: 'API anahtarı iptal edildi' });
  });

  return router;
}
