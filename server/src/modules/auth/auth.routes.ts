import { Router } from 'express';
import { ZAdminRegisterRequest, ZChangePasswordRequest, ZForgotPasswordRequest, ZLoginRequest, ZRegisterRequest, ZResetPasswordRequest, ZSetupAdminRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAuth } from '../../http/authenticate.js';
import { attemptsPerAddress, failedLoginsPerAccount, failuresPerAddress, failuresPerUser, resetRequestsPerAccount } from '../../http/rate-limits.js';
import { registerFirstAdmin } from './admin-setup.service.js';
import { presentSignedIn, presentUser } from './auth.presenter.js';
import { deleteOwnAdminAccount, firstAccountOf, login, logout, registerAdmin, registerCustomer } from './auth.service.js';
import { currentSessionId, signInMeta } from './sessions.service.js';
import { changePassword } from './password-change.service.js';
import { signInSecurityRoutes } from './two-factor.routes.js';
import { passwordResetFor, RESET_VALID_MINUTES, resetPassword } from './password-reset.service.js';

/** How many reset mails one address may be sent per 15 minutes, whoever asks. */
export const RESET_MAILS_PER_ACCOUNT = 5;

export function authRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = ctx.config.authRateLimitPer15Min;
  const limited = failuresPerAddress(ctx.rateLimits, 'auth-address', limit);

  router.post('/login', limited, failedLoginsPerAccount(ctx.rateLimits, limit), async (req, res) => {
    const answer = await login(ctx, ZLoginRequest.parse(req.body), signInMeta(req));
    res.json('token' in answer ? presentSignedIn(answer) : answer);
  });

  router.post('/register', limited, async (req, res) => {
    const user = await registerCustomer(ctx, ZRegisterRequest.parse(req.body));
    res.status(201).json({ message: 'Kayıt başarılı', user: presentUser(user, await firstAccountOf(ctx.db, user.id)) });
  });

  router.post('/admin-register', limited, async (req, res) => {
    const user = await registerAdmin(ctx, ZAdminRegisterRequest.parse(req.body));
    res.status(201).json({ message: 'Admin hesabı oluşturuldu', user: presentUser(user, await firstAccountOf(ctx.db, user.id)) });
  });

  router.post('/setup-admin', limited, async (req, res) => {
    const user = await registerFirstAdmin(ctx, ZSetupAdminRequest.parse(req.body));
    res.status(201).json({ message: 'Admin hesabı oluşturuldu', user: presentUser(user, await firstAccountOf(ctx.db, user.id)) });
  });

  // docs/PRODUCT.md#forgot-password: the same answer, as fast, whether the address has an
  // account or not; the mail (if any) is made and sent after it.
  router.post('/forgot-password', attemptsPerAddress(ctx.rateLimits, 'reset-address', limit),
    resetRequestsPerAccount(ctx.rateLimits, RESET_MAILS_PER_ACCOUNT), (req, res) => {
      const { email } = ZForgotPasswordRequest.parse(req.body);
      ctx.mailer.dispatch(() => passwordResetFor(ctx, email));
      res.status(202).json({
        message: `Bu e-posta adresiyle kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderildi. Bağlantı ${RESET_VALID_MINUTES} dakika geçerlidir; gelen kutunuzu ve istenmeyen klasörünü kontrol edin.`,
      });
    });

  router.post('/reset-password', limited, async (req, res) => {
    await resetPassword(ctx, ZResetPasswordRequest.parse(req.body));
    res.json({ message: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.' });
  });

  // docs/PRODUCT.md#password-change: this sign-in goes on with the new token; every other ends.
  // Per person too: a stolen session spread over many addresses guesses the current password no faster.
  router.post('/password', limited, requireAuth(ctx), failuresPerUser(ctx.rateLimits, 'password-change-user', limit), async (req, res) => {
    const body = ZChangePasswordRequest.parse(req.body);
    const asking = { sessionId: await currentSessionId(ctx, req), accountId: req.account?.id, meta: signInMeta(req) };
    const { ended, ...signedIn } = await changePassword(ctx, currentUser(req).id, body, asking);
    const message = ended ? `Şifreniz değiştirildi; diğer ${ended} oturumunuz kapatıldı` : 'Şifreniz değiştirildi';
    res.json({ message, ended, ...presentSignedIn(signedIn) });
  });

  router.get('/verify', requireAuth(ctx), (req, res) => {
    res.json({ user: presentUser(currentUser(req), req.account ?? null) });
  });

  router.post('/logout', requireAuth(ctx), async (req, res) => {
    await logout(ctx, currentUser(req).id);
    res.json({ message: 'Çıkış yapıldı' });
  });

  router.use(signInSecurityRoutes(ctx));

  router.delete('/admin', requireAuth(ctx), async (req, res) => {
    await deleteOwnAdminAccount(ctx, currentUser(req).id);
    res.json({ message: 'Admin hesabı silindi.' });
  });

  return router;
}
