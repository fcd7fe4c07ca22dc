import type { Request } from 'express';
import type { AppContext } from '../../context.js';
import { bearerToken, sessionOfClaims, verifiedClaims } from '../../http/authenticate.js';
import { notFound, unauthorized } from '../../http/errors.js';
import { isLimited } from '../../http/policy.js';
import { screensOfGroups } from '../accounts/screen-scope.js';
import type { ScreenConfigAnswer } from './screen-config-cache.js';

/**
 * Who may read a screen's config: a member of its account with a user token (preview; one
 * limited to screen groups, for their screens only) or a paired, unrevoked device of the same
 * account. Returns the owner id; another owner's screen is 404. On an API instance the device
 * check is reused for a few seconds (device-lookup.ts).
 */
async function ownerAllowedBy(ctx: AppContext, token: string | undefined, screenId: string): Promise<string> {
  if (!token) throw unauthorized();
  // A device token's verify is a map lookup after its first use (http/tokens.ts).
  const claims = await verifiedClaims(ctx, token);
  if (claims.kind === 'user') {
    const { account } = await sessionOfClaims(ctx, claims);
    if (!account) throw notFound('Ekran');
    if (isLimited(account) && !(await screensOfGroups(ctx.db, account.id, account.groupIds)).includes(screenId)) throw notFound('Ekran');
    return account.id;
  }
  const ownerId = await ctx.devices.activeOwner(claims.sub, claims.ownerId);
  if (!ownerId) throw unauthorized('Bu cihazın erişimi kaldırılmış, lütfen yeniden eşleştirin');
  return ownerId;
}

/**
 * Never 402: screens run unattended, so an expired package shows up as a notice in the config.
 * Served from the instance's config cache when it holds the screen (a 304 then costs no query);
 * a miss builds it, and the cache keeps it unless a change overtook the build.
 */
export async function readScreenConfig(ctx: AppContext, req: Request, screenId: string): Promise<ScreenConfigAnswer> {
  const ownerId = await ownerAllowedBy(ctx, bearerToken(req), screenId);
  const answer = await ctx.screenConfigs.read(screenId);
  // Missing, deleted, or another owner's: all answer the same 404.
  if (!answer || answer.ownerId !== ownerId) throw notFound('Ekran');
  return answer;
}

/** True when the client's If-None-Match already names this version. */
export function clientHasVersion(req: Request, version: string): boolean {
  const header = req.get('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/"/g, '') === version || tag.trim() === '*');
}
