import { Router, type Request } from 'express';
import { ZIdParams, ZScheduleWrite } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { writesNeed } from '../../http/policy.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { notFound } from '../../http/errors.js';
import { assertTargetsInScope, screenScopeOf, targetsWithin } from '../accounts/screen-scope.js';
import { presentSchedule } from './schedules.presenter.js';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './schedules.service.js';

/** Schedule entries ('Zamanlama'): /api/schedules. */
export function scheduleRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx), writesNeed('publisher'));

  // A member limited to screen groups sees and changes only entries aimed within them (accounts/screen-scope.ts).
  const visible = async (req: Request, screenIds: string[], groupIds: string[]) =>
    targetsWithin(currentAccount(req), await screenScopeOf(ctx.db, req), { screenIds, groupIds });
  const assertVisible = async (req: Request, id: string) => {
    const s = await ctx.db.schedule.findFirst({
      where: { id, ownerId: currentAccount(req).id }, select: { screens: { select: { screenId: true } }, groups: { select: { groupId: true } } },
    });
    if (s && !(await visible(req, s.screens.map((x) => x.screenId), s.groups.map((x) => x.groupId)))) throw notFound('Zamanlama');
  };

  router.get('/', async (req, res) => {
    const rows = await listSchedules(ctx.db, currentAccount(req).id);
    const shown = [];
    for (const s of rows) {
      if (await visible(req, s.screens.map((x) => x.screen.id), s.groups.map((x) => x.group.id))) shown.push(s);
    }
    res.json(shown.map(presentSchedule));
  });

  router.post('/', async (req, res) => {
    const body = ZScheduleWrite.parse(req.body);
    await assertTargetsInScope(ctx.db, req, body);
    res.status(201).json(presentSchedule(await createSchedule(ctx, currentAccount(req).id, body)));
  });

  router.put('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZScheduleWrite.parse(req.body);
    await assertVisible(req, id);
    await assertTargetsInScope(ctx.db, req, body);
    res.json(presentSchedule(await updateSchedule(ctx, currentAccount(req).id, id, body)));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await assertVisible(req, id);
    await deleteSchedule(ctx, currentAccount(req).id, id);
    res.json({ message: 'Zamanlama silindi' });
  });

  return router;
}
