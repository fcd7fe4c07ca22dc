import type { Request } from 'express';
import type { AppContext } from '../../context.js';
import { bearerToken, userOfClaims, verifiedClaims } from '../../http/authenticate.js';
import { notFound, unauthorized } from '../../http/errors.js';
import type { TokenClaims, TokenService } from '../auth/tokens.js';
import { activeDeviceOwner } from '../devices/device-lookup-cache.js';
import { buildScreenConfigEntries } from './screen-config.js';
import { answerOf, configCacheOf, type BuiltScreenConfig, type ScreenConfigAnswer } from './screen-config-cache.js';
import { KeyBatcher, batcherPer } from '../../db/key-batcher.js';

// Device tokens never expire and are revoked through the Device row (checked on every request
// below), so a signature once verified stays valid: skipping the HMAC verify is most of what
// a cached 304 costs otherwise (docs/PERFORMANCE.md, P5). Kept per token service (its secret).
// User tokens expire and are always verified.
const verifiedByService = new WeakMap<TokenService, Map<string, TokenClaims>>();
const MAX_REMEMBERED_TOKENS = 20_000;

function verifiedDeviceTokens(ctx: AppContext): Map<string, TokenClaims> {
  let map = verifiedByService.get(ctx.tokens);
  if (!map) verifiedByService.set(ctx.tokens, (map = new Map()));
  return map;
}

function rememberDeviceToken(ctx: AppContext, token: string, claims: TokenClaims): void {
  if (claims.kind !== 'device') return;
  const map = verifiedDeviceTokens(ctx);
  if (map.size >= MAX_REMEMBERED_TOKENS) map.clear();
  map.set(token, claims);
}

/**
 * Who may read a screen's config: its owner with a user token (preview) or a paired,
 * unrevoked device of the same owner. Returns the owner id; another owner's screen is 404.
 * On an API instance the device check is reused for a few seconds (device-lookup-cache.ts).
 */
async function ownerAllowedBy(ctx: AppContext, token: string | undefined): Promise<string> {
  if (!token) throw unauthorized();
  let claims = verifiedDeviceTokens(ctx).get(token);
  if (!claims) {
    claims = await verifiedClaims(ctx, token);
    rememberDeviceToken(ctx, token, claims);
  }
  if (claims.kind === 'user') return (await userOfClaims(ctx, claims)).id;
  const ownerId = await activeDeviceOwner(ctx, claims.sub, claims.ownerId);
  if (!ownerId) throw unauthorized('Bu cihazın erişimi kaldırılmış, lütfen yeniden eşleştirin');
  return ownerId;
}

/**
 * Media URLs are absolute against PUBLIC_URL when it is set, and root-relative
 * (`/uploads/…`, resolved by the player against its own origin) otherwise. Never the
 * request's Host: a pushed config has no request, and fetched and pushed configs must be
 * identical, version included.
 */
export const configBaseUrl = (ctx: AppContext): string => ctx.config.publicUrl ?? '';

/**
 * Never 402: screens run unattended, so an expired package shows up as a notice in the config.
 * Served from the instance's config cache when it holds the screen (a 304 then costs no query);
 * a miss builds it, and the cache keeps it unless a change overtook the build.
 */
export async function readScreenConfig(ctx: AppContext, req: Request, screenId: string): Promise<ScreenConfigAnswer> {
  const ownerId = await ownerAllowedBy(ctx, bearerToken(req));
  const cache = configCacheOf(ctx);
  let answer = cache?.get(screenId);
  if (!answer) {
    const b = await configBuilds(ctx).load(screenId);
    answer = b && answerOf(b);
  }
  // Missing, deleted, or another owner's: all answer the same 404.
  if (!answer || answer.ownerId !== ownerId) throw notFound('Ekran');
  return answer;
}

/**
 * docs/PERFORMANCE.md (P4): cache misses arriving together (a fleet reconnecting to a fresh
 * process, whose cache is empty) are built by one buildScreenConfigEntries call for all of
 * their screens: a fixed number of queries per batch instead of per request. The stamp is
 * read when the batch starts, so a change announced during the build keeps it out of the cache.
 */
const configBuilds = batcherPer((ctx: AppContext) => new KeyBatcher<string, BuiltScreenConfig>(async (batch) => {
  const cache = configCacheOf(ctx);
  const stamp = cache?.stamp ?? 0;
  const built = await buildScreenConfigEntries(ctx.db, [...batch.keys()], { publicBaseUrl: configBaseUrl(ctx), now: ctx.clock() });
  cache?.fill(built, stamp);
  return built;
}));

/** True when the client's If-None-Match already names this version. */
export function clientHasVersion(req: Request, version: string): boolean {
  const header = req.get('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/"/g, '') === version || tag.trim() === '*');
}
