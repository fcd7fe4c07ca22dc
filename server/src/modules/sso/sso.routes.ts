import { Router } from 'express';
import { ZSsoCallbackQuery, ZSsoRequest, ZSsoStartRequest, type TSsoSettings } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { requireAllScreens, requireRole } from '../../http/policy.js';
import { attemptsPerAddress, failuresPerAddress } from '../../http/rate-limits.js';
import { presentSignedIn } from '../auth/auth.presenter.js';
import { signInMeta } from '../auth/sessions.service.js';
import { deleteSso, finishSso, getSso, saveSso, startSso } from './sso.service.js';

/** /api/team/sso: the account's company sign-in, for owners and admins who see every screen (docs/architecture/sso.md). */
export function ssoSettingsRoutes(ctx: AppContext): Router {
  const router = Router();
  // Company sign-in lets people into the whole account: a member limited to screen groups does not set it.
  router.use(requireAuth(ctx), requireRole('admin'), requireAllScreens('Ekran gruplarıyla sınırlı olduğunuz için kurumsal girişi yönetemezsiniz.'));

  router.get('/', async (req, res) => {
    const answer: TSsoSettings = await getSso(ctx, currentAccount(req).id);
    res.json(answer);
  });

  router.put('/', async (req, res) => {
    const answer: TSsoSettings = await saveSso(ctx, currentAccount(req), ZSsoRequest.parse(req.body));
    res.json(answer);
  });

  router.delete('/', async (req, res) => {
    await deleteSso(ctx, currentAccount(req).id);
    res.json({ message: 'Kurumsal giriş kapatıldı' });
  });
  return router;
}

/** /api/auth/sso: starting and finishing a company sign-in; nobody is signed in yet. */
export function ssoSignInRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = ctx.config.authRateLimitPer15Min;

  router.post('/start', attemptsPerAddress(ctx.rateLimits, 'sso-start-address', limit), async (req, res) => {
    const { email } = ZSsoStartRequest.parse(req.body);
    res.json(await startSso(ctx, email));
  });

  // The provider sends the browser to /login/sso; that page passes its query here and gets the login's answer.
  router.get('/callback', failuresPerAddress(ctx.rateLimits, 'sso-callback-address', limit), async (req, res) => {
    ZSsoCallbackQuery.parse(req.query);
    const query = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1));
    const answer = await finishSso(ctx, query, signInMeta(req));
    res.json('token' in answer ? presentSignedIn(answer) : answer);
  });
  return router;
}
