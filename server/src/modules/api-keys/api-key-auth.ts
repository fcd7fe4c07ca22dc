import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import { bearerToken, currentUser, requireAuth } from '../../http/authenticate.js';
import { failedApiKeysPerAddress } from '../../http/rate-limits.js';
import { setAuditActor } from '../../http/audit-context.js';
import { authenticateApiKey, invalidApiKey, isApiKey } from './api-keys.service.js';

/**
 * The only way an API key is accepted (docs/architecture/security.md#api-keys): mounted on the few
 * alert routes a building system needs. A key sets `req.account` to its account, so the
 * package check and the services see the customer, and `req.apiKey` records which key acted. Anything
 * else goes through requireAuth as everywhere.
 *
 * The key is checked before the address limit, and only an unknown or revoked key reaches it:
 * a fire panel behind the same address as a guesser (a hospital's NAT) still sends, and its
 * own 400s and 404s (a poll of an alert that ended) are no failed authentication.
 */
export function requireUserOrAlertKey(ctx: AppContext): RequestHandler[] {
  const asUser = requireAuth(ctx);
  const failedKeys = failedApiKeysPerAddress(ctx.rateLimits, ctx.config.authRateLimitPer15Min);
  const asKey: RequestHandler = async (req, res, next) => {
    const token = bearerToken(req);
    if (!token || !isApiKey(token)) return asUser(req, res, next);
    const found = await authenticateApiKey(ctx, token);
    // Counted, then 401 (or 429 from the limiter once the address is over it).
    if (!found) return failedKeys(req, res, () => next(invalidApiKey()));
    req.account = found.account;
    req.apiKey = found.key;
    setAuditActor(req, { type: 'apiKey', id: found.key.id, name: found.key.name });
    next();
  };
  return [asKey];
}

/** Who acts: the key, when one was used, else the signed-in person. */
export const actorOf = (req: Request): { userId: string } | { keyId: string } =>
  req.apiKey ? { keyId: req.apiKey.id } : { userId: currentUser(req).id };
