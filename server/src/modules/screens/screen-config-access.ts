import type { Request } from 'express';
import type { TScreenConfig } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { bearerToken } from '../../http/authenticate.js';
import { notFound, tokenExpired, unauthorized } from '../../http/errors.js';
import { TokenExpiredError, type TokenClaims } from '../auth/tokens.js';
import { buildScreenConfigs } from './screen-config.js';

const invalid = () => unauthorized('Geçersiz oturum, lütfen tekrar giriş yapın');

/**
 * Who may read a screen's config: its owner with a user token (preview) or a paired,
 * unrevoked device of the same owner. Returns the owner id; another owner's screen is 404.
 */
async function ownerAllowedBy(ctx: AppContext, token: string | undefined): Promise<string> {
  if (!token) throw unauthorized();
  let claims: TokenClaims;
  try {
    claims = await ctx.tokens.verify(token);
  } catch (err) {
    throw err instanceof TokenExpiredError ? tokenExpired() : invalid();
  }
  if (claims.kind === 'user') {
    const user = await ctx.db.user.findUnique({ where: { id: claims.sub }, select: { id: true } });
    if (!user) throw invalid();
    return user.id;
  }
  const device = await ctx.db.device.findFirst({
    where: { id: claims.sub, ownerId: claims.ownerId, revokedAt: null }, select: { ownerId: true },
  });
  if (!device) throw unauthorized('Bu cihazın erişimi kaldırılmış, lütfen yeniden eşleştirin');
  return device.ownerId;
}

/**
 * Media URLs are absolute against PUBLIC_URL when it is set, and root-relative
 * (`/uploads/…`, resolved by the player against its own origin) otherwise. Never the
 * request's Host: a pushed config has no request, and fetched and pushed configs must be
 * identical, version included.
 */
export const configBaseUrl = (ctx: AppContext): string => ctx.config.publicUrl ?? '';

/** Never 402: screens run unattended, so an expired package shows up as a notice in the config. */
export async function readScreenConfig(ctx: AppContext, req: Request, screenId: string): Promise<TScreenConfig> {
  const ownerId = await ownerAllowedBy(ctx, bearerToken(req));
  const screen = await ctx.db.screen.findFirst({ where: { id: screenId, ownerId }, select: { id: true } });
  if (!screen) throw notFound('Ekran');
  const configs = await buildScreenConfigs(ctx.db, [screenId], { publicBaseUrl: configBaseUrl(ctx), now: ctx.clock() });
  const config = configs.get(screenId);
  if (!config) throw notFound('Ekran'); // deleted in between
  return config;
}

/** True when the client's If-None-Match already names this version. */
export function clientHasVersion(req: Request, version: string): boolean {
  const header = req.get('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/"/g, '') === version || tag.trim() === '*');
}
