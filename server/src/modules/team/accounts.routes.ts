import { Router } from 'express';
import { ZSwitchAccountRequest, type TAccountSummary } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAuth, sessionFromToken } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { presentUser } from '../auth/auth.presenter.js';
import { currentSessionId, signSessionToken } from '../auth/sessions.service.js';
import { presentAccountSummary } from './team.presenter.js';

/*
 * Several accounts per person (docs/architecture/accounts.md#switching): an agency works for
 * several clients with one login. A token works in one account; switching signs a new one.
 */
export function accountRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/accounts', requireAuth(ctx), async (req, res) => {
    const rows = await ctx.db.membership.findMany({
      where: { userId: currentUser(req).id }, orderBy: { createdAt: 'asc' },
      select: { role: true, account: { select: { id: true, name: true } } },
    });
    const answer: TAccountSummary[] = rows.map(presentAccountSummary);
    res.json(answer);
  });

  router.post('/auth/switch-account', requireAuth(ctx), async (req, res) => {
    const { accountId } = ZSwitchAccountRequest.parse(req.body);
    const user = currentUser(req);
    const row = await ctx.db.user.findUniqueOrThrow({
      where: { id: user.id }, select: { tokenVersion: true, memberships: { where: { accountId }, select: { id: true } } },
    });
    // Another's account reads as missing, as every id of someone else does.
    if (row.memberships.length === 0) throw notFound('Hesap');
    // The same sign-in, working in another account (docs/architecture/sessions.md).
    const token = await signSessionToken(ctx, user.id, row.tokenVersion, accountId, await currentSessionId(ctx, req));
    const { account } = await sessionFromToken(ctx, token);
    res.json({ token, user: presentUser(user, account) });
  });

  return router;
}
