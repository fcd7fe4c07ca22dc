import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import { bearerToken, currentUser, requireAuth } from '../../http/authenticate.js';
import { failedApiKeysPerAddress } from '../../http/rate-limits.js';
import { authenticateApiKey, isApiKey } from './api-keys.service.js';

const keyRequest = (req: Request) => isApiKey(bearerToken(req) ?? '');

/**
 * The only way an API key is accepted (docs/ARCHITECTURE.md#api-keys): mounted on the few
 * alert routes a building system needs. A key sets `req.user` to its owner, so the package
 * check and the services see the customer, and `req.apiKey` records which key acted. Anything
 * else goes through requireAuth as everywhere.
 */
export function requireUserOrAlertKey(ctx: AppContext): RequestHandler[] {
  const asUser = requireAuth(ctx);
  const asKey: RequestHandler = async (req, res, next) => {
    const token = bearerToken(req);
    if (!token || !isApiKey(token)) return asUser(req, res, next);
    const { user, key } = await authenticateApiKey(ctx, token);
    req.user = user;
    req.apiKey = key;
    next();
  };
  return [failedApiKeysPerAddress(ctx.rateLimits, ctx.config.authRateLimitPer15Min, keyRequest), asKey];
}

/** Who acts: the key, when one was used, else the signed-in person. */
export const actorOf = (req: Request): { userId: string } | { keyId: string } =>
  req.apiKey ? { keyId: req.apiKey.id } : { userId: currentUser(req).id };
