import { Router } from 'express';
import { ZDeleteAccountRequest, ZIdParams, ZInviteRequest, ZMemberUpdateRequest, ZTeamRenameRequest, ZTeamSettingsRequest, ZTransferRequest, type TInviteResponse, type TTeamSettings } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, currentUser, requireAuth } from '../../http/authenticate.js';
import { requireAllScreens, requireRole } from '../../http/policy.js';
import { failuresPerAddress, failuresPerUser } from '../../http/rate-limits.js';
import { createInvitation, revokeInvitation } from './invitations.service.js';
import { presentMember, presentTeam } from './team.presenter.js';
import { deleteAccount, getTeam, removeMember, renameAccount, saveTeamSettings, transferOwnership, updateMember } from './team.service.js';

/** /api/team: the team page, for the account's owners and admins (docs/PRODUCT.md#team). */
export function teamRoutes(ctx: AppContext): Router {
  const router = Router();
  // Ahead of the admin guard below, so an admin hears that the owner's right is the one missing.
  router.post('/transfer', requireAuth(ctx), requireRole('owner'), async (req, res) => {
    const { memberId } = ZTransferRequest.parse(req.body);
    const account = currentAccount(req);
    await transferOwnership(ctx, account, memberId);
    res.json(presentTeam(await getTeam(ctx, account.id)));
  });
  // The password is a credential: wrong guesses are limited as logins are, per address and per
  // person (a stolen session tried from many addresses); with two-factor on, its code is asked too.
  const guarded = failuresPerAddress(ctx.rateLimits, 'account-delete-address', ctx.config.authRateLimitPer15Min);
  const perPerson = failuresPerUser(ctx.rateLimits, 'account-delete-user', ctx.config.authRateLimitPer15Min);
  router.delete('/', guarded, requireAuth(ctx), requireRole('owner'), perPerson, async (req, res) => {
    const { password, code } = ZDeleteAccountRequest.parse(req.body);
    await deleteAccount(ctx, currentAccount(req), currentUser(req), password, code);
    res.json({ message: 'Hesap silindi' });
  });
  router.use(requireAuth(ctx), requireRole('admin'));

  router.get('/', async (req, res) => {
    res.json(presentTeam(await getTeam(ctx, currentAccount(req).id)));
  });

  // The account's name and sign-in rules reach every screen's people: not for a limited member.
  router.put('/', requireAllScreens(), async (req, res) => {
    const { name } = ZTeamRenameRequest.parse(req.body);
    res.json(presentTeam(await renameAccount(ctx, currentAccount(req).id, name)));
  });

  // The account's sign-in rules (docs/PRODUCT.md#two-factor); later also its other settings.
  router.get('/settings', async (req, res) => {
    const answer: TTeamSettings = await ctx.db.account.findUniqueOrThrow({ where: { id: currentAccount(req).id }, select: { twoFactorRequired: true, approvalRequired: true } });
    res.json(answer);
  });

  router.put('/settings', requireAllScreens(), async (req, res) => {
    const answer: TTeamSettings = await saveTeamSettings(ctx, currentAccount(req).id, ZTeamSettingsRequest.parse(req.body));
    res.json(answer);
  });

  router.put('/members/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZMemberUpdateRequest.parse(req.body);
    res.json(presentMember(await updateMember(ctx, currentAccount(req), id, body)));
  });

  router.delete('/members/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await removeMember(ctx, currentAccount(req), id);
    res.json({ message: 'Üye ekipten çıkarıldı' });
  });

  router.post('/invitations', async (req, res) => {
    const body = ZInviteRequest.parse(req.body);
    const { invitation, link, mailed } = await createInvitation(ctx, currentAccount(req), currentUser(req), body);
    const answer: TInviteResponse = {
      _id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString(), link, mailed,
    };
    res.status(201).json(answer);
  });

  router.delete('/invitations/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await revokeInvitation(ctx, currentAccount(req), id);
    res.json({ message: 'Davet geri alındı' });
  });

  return router;
}
