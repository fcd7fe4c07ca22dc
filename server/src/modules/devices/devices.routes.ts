import { Router, type Request } from 'express';
import { ZIdParams, ZPairDeviceRequest, ZSelectDeviceScreenRequest, ZUpdateDeviceRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireRole } from '../../http/policy.js';
import { attemptsPerAddress, failedPairingsPerCode } from '../../http/rate-limits.js';
import { currentDevice, requireDevice } from './device-auth.js';
import { ownerScreens, pairDevice, selectDeviceScreen } from './devices.service.js';
import { screenPresence } from './presence.service.js';
import { deviceMissing, listDevices, revokeDevice, updateDevice } from './device-management.service.js';
import { assertScreenInScope, inScope, screenScopeOf, withinScope } from '../accounts/screen-scope.js';
import { presentDevice, presentDeviceScreen, presentPairing, presentScreenPresence } from './devices.presenter.js';

/**
 * docs/architecture/devices.md#devices: pairing and the device's own calls (device token), plus the
 * dashboard's presence and device management (user token; no running package needed, so a
 * customer can always remove a device).
 */
export function deviceRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = ctx.config.authRateLimitPer15Min;
  const perAddress = attemptsPerAddress(ctx.rateLimits, 'pair-address', limit);
  const perCode = failedPairingsPerCode(ctx.rateLimits, limit);

  router.post('/pair', perAddress, perCode, async (req, res) => {
    res.status(201).json(presentPairing(await pairDevice(ctx, ZPairDeviceRequest.parse(req.body))));
  });

  router.get('/screens', requireDevice(ctx), async (req, res) => {
    res.json((await ownerScreens(ctx, currentDevice(req).ownerId)).map(presentDeviceScreen));
  });

  router.put('/screen', requireDevice(ctx), async (req, res) => {
    const { screenId } = ZSelectDeviceScreenRequest.parse(req.body);
    const device = currentDevice(req);
    res.json({ deviceId: device.id, screen: presentDeviceScreen(await selectDeviceScreen(ctx, device, screenId)) });
  });

  // A member limited to screen groups sees and manages only the devices on their screens.
  const assertDeviceInScope = async (req: Request, id: string) => {
    const scope = await screenScopeOf(ctx.db, req);
    if (!scope) return;
    const device = await ctx.db.device.findFirst({ where: { id, ownerId: currentAccount(req).id }, select: { screenId: true } });
    if (device && !inScope(scope, device.screenId ?? '')) throw deviceMissing();
  };

  router.get('/presence', requireAuth(ctx), async (req, res) => {
    const scope = await screenScopeOf(ctx.db, req);
    res.json(withinScope(scope, await screenPresence(ctx, currentAccount(req).id), (s) => s.id).map(presentScreenPresence));
  });

  router.get('/', requireAuth(ctx), async (req, res) => {
    const scope = await screenScopeOf(ctx.db, req);
    res.json(withinScope(scope, await listDevices(ctx, currentAccount(req).id), (d) => d.screen?.id ?? '').map(presentDevice));
  });

  router.put('/:id', requireAuth(ctx), requireRole('admin'), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZUpdateDeviceRequest.parse(req.body);
    await assertDeviceInScope(req, id);
    if (body.screenId) await assertScreenInScope(ctx.db, req, body.screenId);
    res.json(presentDevice(await updateDevice(ctx, currentAccount(req).id, id, body)));
  });

  router.delete('/:id', requireAuth(ctx), requireRole('admin'), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await assertDeviceInScope(req, id);
    await revokeDevice(ctx, currentAccount(req).id, id);
    res.json({ message: 'Cihaz kaldırıldı' });
  });

  return router;
}
