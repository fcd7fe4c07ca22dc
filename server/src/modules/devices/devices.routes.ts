import { Router } from 'express';
import { ZIdParams, ZPairDeviceRequest, ZSelectDeviceScreenRequest, ZUpdateDeviceRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { attemptsPerAddress, failedPairingsPerCode } from '../../http/rate-limits.js';
import { currentDevice, requireDevice } from './device-auth.js';
import { ownerScreens, pairDevice, selectDeviceScreen } from './devices.service.js';
import { screenPresence } from './presence.service.js';
import { listDevices, revokeDevice, updateDevice } from './device-management.service.js';
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

  router.get('/presence', requireAuth(ctx), async (req, res) => {
    res.json((await screenPresence(ctx, currentAccount(req).id)).map(presentScreenPresence));
  });

  router.get('/', requireAuth(ctx), async (req, res) => {
    res.json((await listDevices(ctx, currentAccount(req).id)).map(presentDevice));
  });

  router.put('/:id', requireAuth(ctx), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.json(presentDevice(await updateDevice(ctx, currentAccount(req).id, id, ZUpdateDeviceRequest.parse(req.body))));
  });

  router.delete('/:id', requireAuth(ctx), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await revokeDevice(ctx, currentAccount(req).id, id);
    res.json({ message: 'Cihaz kaldırıldı' });
  });

  return router;
}
