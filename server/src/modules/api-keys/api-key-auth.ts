import type { Request, RequestHandler } from 'express';
import { API_KEY_SCOPE_LABELS, type TApiKeyScope } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { apiKeyNotAllowed, bearerToken, currentUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';
import { failedApiKeysPerAddress, perMinutePerKey } from '../../http/rate-limits.js';
import { setAuditActor } from '../../http/audit-context.js';
import { authenticateApiKey, invalidApiKey, isApiKey } from './api-keys.service.js';
import { scopeOfRoute } from '../../http/key-routes.js';

const scopeMissing = (scope: TApiKeyScope) =>
  forbidden(`Bu API anahtarının bu işlem için yetkisi yok (gereken yetki: ${API_KEY_SCOPE_LABELS[scope].label}).`);

/**
 * The one place an API key is accepted (docs/architecture/security.md#api-keys), ahead of every
 * /api router: a request whose bearer is a key is let through only to a route http/key-routes.ts
 * lists, with a key that has that route's scope. It then acts as the key's account (limited to
 * the key's screen groups), so the package check, the role guards, the group scope and the
 * services see a customer; `req.apiKey` says which key acted. requireAuth lets such a request
 * pass and refuses every other key.
 *
 * The key is checked before the address limit, and only an unknown or revoked key reaches it:
 * a fire panel behind the same address as a guesser (a hospital's NAT) still sends, and its own
 * 400s and 404s are no failed authentication. Each key's requests are limited per minute
 * (`API_KEY_REQUESTS_PER_MINUTE`), but sending and ending an alert are not: an emergency is
 * never refused because the panel polled a lot; sending has its own limit (alert-send-limit.ts).
 */
export function apiKeyAuthentication(ctx: AppContext): RequestHandler {
  const failedKeys = failedApiKeysPerAddress(ctx.rateLimits, ctx.config.authRateLimitPer15Min);
  const perKey = perMinutePerKey(ctx.rateLimits, 'api-key-requests', ctx.config.apiKeyRequestsPerMinute,
    'Bu API anahtarıyla çok fazla istek gönderildi. Lütfen `Retry-After` başlığındaki süre kadar bekleyin ve tekrar deneyin.',
    (req) => req.apiKey?.id ?? '');
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token || !isApiKey(token)) return next();
    const scope = scopeOfRoute(req, req.baseUrl);
    if (!scope) throw apiKeyNotAllowed();
    const found = await authenticateApiKey(ctx, token);
    // Counted, then 401 (or 429 from the limiter once the address is over it).
    if (!found) return failedKeys(req, res, () => next(invalidApiKey()));
    if (!found.scopes.includes(scope)) throw scopeMissing(scope);
    req.account = found.account;
    req.apiKey = found.key;
    setAuditActor(req, { type: 'apiKey', id: found.key.id, name: found.key.name });
    if (scope === 'alerts' && req.method !== 'GET') return next();
    return perKey(req, res, next);
  };
}

/** Who acts: the key, when one was used, else the signed-in person. */
export const actorOf = (req: Request): { userId: string } | { keyId: string } =>
  req.apiKey ? { keyId: req.apiKey.id } : { userId: currentUser(req).id };
