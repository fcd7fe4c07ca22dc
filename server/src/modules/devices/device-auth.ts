import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import { bearerToken } from '../../http/authenticate.js';
import { unauthorized } from '../../http/errors.js';
import { setAuditActor } from '../../http/audit-context.js';
import { deviceLabel } from './device-lookup.js';

export type AuthDevice = { id: string; ownerId: string; screenId: string | null; name: string | null };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by requireDevice: the paired screen device making the call. */
      device?: AuthDevice;
    }
  }
}

const invalidDevice = () => unauthorized('Cihaz eşleştirmesi geçersiz, lütfen cihazı yeniden eşleştirin');

/**
 * Device tokens never expire (an unattended screen must not be logged out), so every use
 * checks the Device row: a revoked or deleted device, or a token naming another owner, stops at once.
 */
export async function activeDeviceFromToken(ctx: AppContext, token: string): Promise<AuthDevice> {
  const claims = await ctx.tokens.verify(token).catch(() => null);
  if (claims?.kind !== 'device') throw invalidDevice();
  const device = await ctx.devices.read(claims.sub);
  if (!device || device.revokedAt || device.ownerId !== claims.ownerId) throw invalidDevice();
  return { id: device.id, ownerId: device.ownerId, screenId: device.screenId, name: device.name };
}

/** Like requireAuth, for the device endpoints: `Authorization: Bearer <deviceToken>`. */
export function requireDevice(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    req.device = await activeDeviceFromToken(ctx, token);
    setAuditActor(req, { type: 'device', id: req.device.id, name: deviceLabel(req.device) });
    next();
  };
}

export function currentDevice(req: Request): AuthDevice {
  if (!req.device) throw unauthorized();
  return req.device;
}
