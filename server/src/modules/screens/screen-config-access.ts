import type { Request } from 'express';
import type { AppContext } from '../../context.js';
import { bearerToken, userOfClaims, verifiedClaims } from '../../http/authenticate.js';
import { notFound, unauthorized } from '../../http/errors.js';
import { activeDeviceOwner } from '../devices/device-lookup-cache.js';
import { buildScreenConfigEntries } from './screen-config.js';
import { answerOf, configCacheOf, type BuiltScreenConfig, type ScreenConfigAnswer } from './screen-config-cache.js';
import { KeyBatcher, batcherPer } from '../../db/key-batcher.js';

/**
 * Who may read a screen's config: its owner with a user token (preview) or a paired,
 * unrevoked device of the same owner. Returns the owner id; another owner's screen is 404.
 * On an API instance the device check is reused for a few seconds (device-lookup-cache.ts).
 */
async function ownerAllowedBy(ctx: AppContext, token: string | undefined): Promise<string> {
  if (!token) throw unauthorized();
  // A device token's verify is a map lookup after its first use (tokens.ts).
  const claims = await verifiedClaims(ctx, token);
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
  const built = await buildScreenConfigEntries(ctx.db, [...batch.keys()], { publicBaseUrl: configBaseUrl(ctx), now: ctx.clock(), memo: cache?.contentMemo(stamp) });
  cache?.fill(built, stamp);
  return built;
}));

/** True when the client's If-None-Match already names this version. */
export function clientHasVersion(req: Request, version: string): boolean {
  const header = req.get('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/"/g, '') === version || tag.trim() === '*');
}
