import { Router } from 'express';
import { ZIdParams, ZScheduleWrite } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { presentSchedule } from './schedules.presenter.js';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './schedules.service.js';

/** Schedule entries ('Zamanlama'): /api/schedules. */
export function scheduleRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx));

  router.get('/', async (req, res) => {
    res.json((await listSchedules(ctx.db, currentAccount(req).id)).map(presentSchedule));
  });

  router.post('/', async (req, res) => {
    const body = ZScheduleWrite.parse(req.body);
    res.status(201).json(presentSchedule(await createSchedule(ctx, currentAccount(req).id, body)));
  });

  router.put('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZScheduleWrite.parse(req.body);
    res.json(presentSchedule(await updateSchedule(ctx, currentAccount(req).id, id, body)));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteSchedule(ctx, currentAccount(req).id, id);
    res.json({ message: 'Zamanlama silindi' });
  });

  return router;
}
