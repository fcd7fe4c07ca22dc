import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { ErrorCode, ZAdminRegisterRequest, ZLoginRequest, ZRegisterRequest, ZSetupAdminRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAuth } from '../../http/authenticate.js';
import { registerFirstAdmin } from './admin-setup.service.js';
import { presentUser } from './auth.presenter.js';
import { deleteOwnAdminAccount, login, registerAdmin, registerCustomer } from './auth.service.js';

/** Per-IP limit for credential endpoints, against password guessing and sign-up floods. */
export function credentialRateLimit(limit: number) {
  return rateLimit({
    windowMs: 15 * 60 * 1000,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    message: { message: 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.', code: ErrorCode.RATE_LIMITED },
  });
}

export function authRoutes(ctx: AppContext): Router {
  const router = Router();
  const limited = credentialRateLimit(ctx.config.authRateLimitPer15Min);

  router.post('/login', limited, async (req, res) => {
    const { user, token } = await login(ctx, ZLoginRequest.parse(req.body));
    res.json({ token, user: presentUser(user) });
  });

  router.post('/register', limited, async (req, res) => {
    const user = await registerCustomer(ctx, ZRegisterRequest.parse(req.body));
    res.status(201).json({ message: 'Kayıt başarılı', user: presentUser(user) });
  });

  router.post('/admin-register', limited, async (req, res) => {
    const user = await registerAdmin(ctx, ZAdminRegisterRequest.parse(req.body));
    res.status(201).json({ message: 'Admin hesabı oluşturuldu', user: presentUser(user) });
  });

  router.post('/setup-admin', limited, async (req, res) => {
    const user = await registerFirstAdmin(ctx, ZSetupAdminRequest.parse(req.body));
    res.status(201).json({ message: 'Admin hesabı oluşturuldu', user: presentUser(user) });
  });

  router.get('/verify', requireAuth(ctx), (req, res) => {
    res.json({ user: presentUser(currentUser(req)) });
  });

  router.delete('/admin', requireAuth(ctx), async (req, res) => {
    await deleteOwnAdminAccount(ctx, currentUser(req).id);
    res.json({ message: 'Admin hesabı silindi.' });
  });

  return router;
}
