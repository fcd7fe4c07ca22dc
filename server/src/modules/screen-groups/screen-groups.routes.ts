import { Router } from 'express';
import { ZCreateScreenGroupRequest, ZIdParams, ZUpdateScreenGroupRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { forbidden, notFound } from '../../http/errors.js';
import { isLimited, writesNeed } from '../../http/policy.js';
import { presentRefs } from '../../http/present-refs.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { screenScopeOf, targetsWithin } from '../accounts/screen-scope.js';
import { presentScreenGroup } from './screen-groups.presenter.js';
import {
  createScreenGroup, deleteScreenGroup, listScreenGroups, screenGroupUsage, updateScreenGroup,
} from './screen-groups.service.js';

const LIMITED_MEMBERS_KEEP_GROUPS = 'Ekran gruplarıyla sınırlı olduğunuz için ekran grubu oluşturamaz, değiştiremez ya da silemezsiniz: gruplar kimin hangi ekranları gördüğünü belirler.';

/** Screen groups ('Ekran Grupları'): /api/screen-groups. */
export function screenGroupRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx), writesNeed('publisher'), (req, _res, next) => {
    // Groups decide who sees which screens: a member limited to some cannot redraw them
    // (docs/architecture/accounts.md#screen-group-limits).
    if (req.method !== 'GET' && isLimited(currentAccount(req))) throw forbidden(LIMITED_MEMBERS_KEEP_GROUPS);
    next();
  });

  // A limited member sees their own groups only, and of a group's schedules only those aimed
  // entirely within their scope, as the schedule list shows them.
  router.get('/', async (req, res) => {
    const account = currentAccount(req);
    res.json((await listScreenGroups(ctx.db, account.id, isLimited(account) ? account.groupIds : null)).map(presentScreenGroup));
  });

  router.post('/', async (req, res) => {
    const body = ZCreateScreenGroupRequest.parse(req.body);
    res.status(201).json(presentScreenGroup(await createScreenGroup(ctx, currentAccount(req).id, body)));
  });

  router.put('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZUpdateScreenGroupRequest.parse(req.body);
    res.json(presentScreenGroup(await updateScreenGroup(ctx, currentAccount(req).id, id, body)));
  });

  router.get('/:id/usage', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const account = currentAccount(req);
    if (isLimited(account) && !account.groupIds.includes(id)) throw notFound('Ekran grubu');
    const scope = await screenScopeOf(ctx.db, req);
    const schedules = (await screenGroupUsage(ctx.db, account.id, id))
      .filter((s) => targetsWithin(account, scope, { screenIds: s.screens.map((x) => x.screenId), groupIds: s.groups.map((x) => x.groupId) }));
    res.json({ schedules: presentRefs(schedules) });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteScreenGroup(ctx, currentAccount(req).id, id);
    res.json({ message: 'Ekran grubu silindi' });
  });

  return router;
}
