import { Router } from 'express';
import { API_KEY_PREFIX, ZAcceptNewRequest, ZInvitationTokenParams, type TInvitationInfo } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentSessionId, openSession, signInMeta, signSessionToken } from '../auth/sessions.service.js';
import { apiKeyNotAllowed, bearerToken, sessionFromToken } from '../../http/authenticate.js';
import { failuresPerAddress } from '../../http/rate-limits.js';
import { presentUser } from '../auth/auth.presenter.js';
import { acceptAsNewPerson, acceptAsUser, invitationInfo } from './invitations.service.js';

/** /api/invitations/{token}: public, the token is the secret (docs/PRODUCT.md#team). */
export function invitationRoutes(ctx: AppContext): Router {
  const router = Router();
  // Guessing tokens is hopeless (256 bits), but a flood of wrong ones is still refused.
  const limited = failuresPerAddress(ctx.rateLimits, 'invitation-address', ctx.config.authRateLimitPer15Min);

  router.get('/:token', limited, async (req, res) => {
    const { token } = ZInvitationTokenParams.parse(req.params);
    const info: TInvitationInfo = await invitationInfo(ctx, token);
    res.json(info);
  });

  /**
   * With a signed-in person's bearer token: that person joins (the invitation's email must be
   * theirs). Without: someone new, with a name and password. Either way the answer is
   * `{ token, user }` working in the account joined.
   */
  router.post('/:token/accept', limited, async (req, res) => {
    const { token } = ZInvitationTokenParams.parse(req.params);
    const bearer = bearerToken(req);
    if (bearer?.startsWith(API_KEY_PREFIX)) throw apiKeyNotAllowed();
    if (bearer) {
      const { user } = await sessionFromToken(ctx, bearer);
      const { accountId, tokenVersion } = await acceptAsUser(ctx, token, user);
      const session = await signSessionToken(ctx, user.id, tokenVersion, accountId, await currentSessionId(ctx, req));
      const { account } = await sessionFromToken(ctx, session);
      res.json({ token: session, user: presentUser(user, account) });
      return;
    }
    const { user, accountId } = await acceptAsNewPerson(ctx, token, ZAcceptNewRequest.parse(req.body));
    const session = await signSessionToken(ctx, user.id, user.tokenVersion, accountId, await openSession(ctx, user.id, signInMeta(req)));
    const { account } = await sessionFromToken(ctx, session);
    res.status(201).json({ token: session, user: presentUser(user, account) });
  });

  return router;
}
