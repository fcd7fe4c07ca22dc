import { Router, type Request } from 'express';
import {
  ErrorCode, ZIdParams, ZTwoFactorDisableRequest, ZTwoFactorEnableRequest, ZTwoFactorResetRequest, ZTwoFactorSetupRequest, ZTwoFactorVerifyRequest,
  type TTwoFactorStatus,
} from '@pano/contract';
import type { AppContext } from '../../context.js';
import { bearerToken, currentUser, requireAdmin, requireAuth, sessionFromToken } from '../../http/authenticate.js';
import { AppError, badRequest } from '../../http/errors.js';
import { failuresPerAddress, failuresPerUser } from '../../http/rate-limits.js';
import { presentSignedIn } from './auth.presenter.js';
import { assertOwnPassword } from './passwords.js';
import { signIn } from './auth.service.js';
import { mailSecurityChange } from './security-mail.js';
import { currentSessionId, endOtherSessions, endSession, listSessions, signInMeta } from './sessions.service.js';
import {
  acceptSecondFactor, attemptWithTicket, disableTwoFactor, enableTwoFactor, resetTwoFactor, setupTwoFactor, ticketHolder, twoFactorStatus,
} from './two-factor.service.js';

/**
 * /api/auth/2fa and /api/auth/sessions: a person's own sign-in security (docs/PRODUCT.md#two-factor,
 * docs/PRODUCT.md#session). Each acts on the signed-in user only, whatever their account role.
 */
export function signInSecurityRoutes(ctx: AppContext): Router {
  const router = Router();
  const limited = failuresPerAddress(ctx.rateLimits, 'auth-address', ctx.config.authRateLimitPer15Min);
  // Wrong codes have their own budget per address: a mistyped code does not use up the logins'.
  const codeLimited = failuresPerAddress(ctx.rateLimits, 'two-factor-address', ctx.config.authRateLimitPer15Min);

  router.get('/2fa', requireAuth(ctx), async (req, res) => {
    const answer: TTwoFactorStatus = await twoFactorStatus(ctx, currentUser(req).id);
    res.json(answer);
  });

  /**
   * With the ticket of a sign-in that must set two-factor up first (the password was just
   * given), or signed in and with the person's own password.
   */
  const setupUser = async (req: Request, ticket: string | undefined, password: string | undefined) => {
    if (ticket) return (await ticketHolder(ctx, ticket, 'setup')).userId;
    const token = bearerToken(req);
    if (!token) throw new AppError(401, ErrorCode.UNAUTHORIZED, 'Oturum açmanız gerekiyor');
    const userId = (await sessionFromToken(ctx, token)).user.id;
    if (password === undefined) throw badRequest('Şifre zorunludur: iki adımlı doğrulamayı kurmak için şifrenizi girin.');
    await assertOwnPassword(ctx.db, userId, password, 'Şifre hatalı. İki adımlı doğrulamayı kurmak için kendi şifrenizi girin.');
    return userId;
  };

  router.post('/2fa/setup', limited, async (req, res) => {
    const { ticket, password } = ZTwoFactorSetupRequest.parse(req.body ?? {});
    res.json(await setupTwoFactor(ctx, await setupUser(req, ticket, password)));
  });

  router.post('/2fa/enable', limited, async (req, res) => {
    const { code, ticket, password } = ZTwoFactorEnableRequest.parse(req.body);
    if (!ticket) {
      const userId = await setupUser(req, undefined, password);
      const recoveryCodes = await enableTwoFactor(ctx, userId, code);
      mailSecurityChange(ctx, userId, 'twoFactorOn', signInMeta(req));
      res.json({ recoveryCodes });
      return;
    }
    // The sign-in that had to set it up: the first code also finishes the sign-in.
    let recoveryCodes: string[] = [];
    const { userId, accountId } = await attemptWithTicket(ctx, ticket, 'setup', async (id) => {
      try {
        recoveryCodes = await enableTwoFactor(ctx, id, code);
        return true;
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCode.TWO_FACTOR_CODE_INVALID) return false;
        throw err;
      }
    });
    mailSecurityChange(ctx, userId, 'twoFactorOn', signInMeta(req));
    res.json({ recoveryCodes, ...presentSignedIn(await signIn(ctx, userId, signInMeta(req), accountId)) });
  });

  router.post('/2fa/verify', codeLimited, async (req, res) => {
    const { ticket, code } = ZTwoFactorVerifyRequest.parse(req.body);
    const { userId, accountId } = await attemptWithTicket(ctx, ticket, 'verify', (id) => acceptSecondFactor(ctx, id, code));
    res.json(presentSignedIn(await signIn(ctx, userId, signInMeta(req), accountId)));
  });

  router.delete('/2fa', codeLimited, requireAuth(ctx), async (req, res) => {
    const { code } = ZTwoFactorDisableRequest.parse(req.body);
    await disableTwoFactor(ctx, currentUser(req).id, code);
    mailSecurityChange(ctx, currentUser(req).id, 'twoFactorOff', signInMeta(req));
    res.json({ message: 'İki adımlı doğrulama kapatıldı' });
  });

  // docs/architecture/two-factor.md#support-reset: platform administrators only.
  router.post('/2fa/reset', requireAuth(ctx), requireAdmin, failuresPerUser(ctx.rateLimits, 'two-factor-reset-user', ctx.config.authRateLimitPer15Min), async (req, res) => {
    const body = ZTwoFactorResetRequest.parse(req.body);
    const userId = await resetTwoFactor(ctx, currentUser(req).id, body);
    // Support's device and address are not the person's business: the mail names neither.
    mailSecurityChange(ctx, userId, 'twoFactorReset', null);
    res.json({ message: `${body.email} için iki adımlı doğrulama sıfırlandı` });
  });

  router.get('/sessions', requireAuth(ctx), async (req, res) => {
    res.json(await listSessions(ctx, currentUser(req).id, await currentSessionId(ctx, req)));
  });

  router.post('/sessions/end-others', requireAuth(ctx), async (req, res) => {
    const ended = await endOtherSessions(ctx, currentUser(req).id, await currentSessionId(ctx, req));
    res.json({ message: ended ? `${ended} oturum kapatıldı` : 'Kapatılacak başka oturum yok', ended });
  });

  router.delete('/sessions/:id', requireAuth(ctx), async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await endSession(ctx, currentUser(req).id, id);
    res.json({ message: 'Oturum kapatıldı' });
  });

  return router;
}
