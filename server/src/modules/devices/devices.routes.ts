import { Router } from 'express';
import { ZPairDeviceRequest, ZSelectDeviceScreenRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAuth } from '../../http/authenticate.js';
import { attemptsPerAddress } from '../../http/rate-limits.js';
import { currentDevice, requireDevice } from './device-auth.js';
import { ownerScreens, pairDevice, selectDeviceScreen } from './devices.service.js';
import { screenPresence } from './presence.service.js';

/** docs/ARCHITECTURE.md#devices: pairing and the device's own calls (device token), plus the dashboard's presence. */
export function deviceRoutes(ctx: AppContext): Router {
  const router = Router();
  const limited = attemptsPerAddress(ctx.config.authRateLimitPer15Min);

  router.post('/pair', limited, async (req, res) => {
    res.status(201).json(await pairDevice(ctx, ZPairDeviceRequest.parse(req.body)));
  });

  router.get('/screens', requireDevice(ctx), async (req, res) => {
    res.json(await ownerScreens(ctx, currentDevice(req).ownerId));
  });

  router.put('/screen', requireDevice(ctx), async (req, res) => {
    const { screenId } = ZSelectDeviceScreenRequest.parse(req.body);
    const device = currentDevice(req);
    res.json({ deviceId: device.id, screen: await selectDeviceScreen(ctx, device, screenId) });
  });

  router.get('/presence', requireAuth(ctx), async (req, res) => {
    res.json(await screenPresence(ctx, currentUser(req).id));
  });

  return router;
}
