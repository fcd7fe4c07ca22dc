import express, { Router, type RequestHandler } from 'express';
import { ErrorCode, ZCapFeedWrite, ZCapSettings, ZIdParams, type TCapResult } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { currentAccount, requireAuth } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { isLimited, peopleNeed, requireAllScreens, requireRole } from '../../http/policy.js';
import { requireActivePackage } from '../entitlements/active-package.js';
import { actorOf } from '../api-keys/api-key-auth.js';
import { assertTargetsInScope } from '../accounts/screen-scope.js';
import { presentAlert } from '../alerts/alerts.presenter.js';
import { CAP_MAX_BYTES } from './cap-message.js';
import { receiveCap, type CapOutcome } from './cap.service.js';
import { createCapFeed, deleteCapFeed, listCapFeeds, saveCapSettings, updateCapFeed } from './cap-feeds.service.js';
import { capSettingsOf } from './cap.service.js';
import { presentCapFeed } from './cap-feeds.presenter.js';

/** The body types a CAP message comes as; any other is refused with 415. */
export const CAP_CONTENT_TYPES = ['application/cap+xml', 'application/xml', 'text/xml'];

const notXml = () => new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  'CAP iletisi XML olarak gönderilmelidir (Content-Type: application/cap+xml, application/xml ya da text/xml)');

export const presentCapOutcome = (o: CapOutcome): TCapResult => ({
  identifier: o.message.identifier,
  sender: o.message.sender,
  msgType: o.message.msgType,
  outcome: o.outcome,
  message: o.text,
  alert: o.alert ? presentAlert(o.alert) : null,
  ended: o.ended,
  screens: o.screens,
});

/**
 * POST /api/alerts/cap (docs/architecture/cap.md): one CAP 1.2 message, as a person who may send
 * alerts or a key with the `alerts` scope sends it. It reaches the screens of its area within the
 * sender's groups; `sends` is the alerts' own per-minute limit.
 */
export function capMessageRoutes(ctx: AppContext, sends: RequestHandler): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireActivePackage(ctx));
  const xml = express.text({ type: CAP_CONTENT_TYPES, limit: CAP_MAX_BYTES });

  router.post('/', requireRole('publisher'), (req, _res, next) => {
    if (!req.is(CAP_CONTENT_TYPES)) throw notXml();
    next();
  }, xml, sends, async (req, res) => {
    const account = currentAccount(req);
    const outcome = await receiveCap(ctx, {
      ownerId: account.id, actor: actorOf(req), groups: isLimited(account) ? account.groupIds : null,
    }, typeof req.body === 'string' ? req.body : '');
    res.status(outcome.outcome === 'started' || outcome.outcome === 'updated' ? 201 : 200).json(presentCapOutcome(outcome));
  });

  return router;
}

/**
 * CAP feeds Pano polls (/api/cap-feeds) and how CAP messages look (/api/cap-settings): owners
 * and admins, or a key with the `alerts` scope. A member limited to screen groups adds feeds
 * only for their groups. No running package needed to list, change or delete; polling needs one.
 */
export function capFeedRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), peopleNeed('admin'));

  router.get('/', async (req, res) => {
    res.json((await listCapFeeds(ctx, currentAccount(req))).map(presentCapFeed));
  });

  router.post('/', async (req, res) => {
    const body = ZCapFeedWrite.parse(req.body);
    await assertTargetsInScope(ctx.db, req, { all: body.groups.length === 0, groups: body.groups });
    res.status(201).json(presentCapFeed(await createCapFeed(ctx, currentAccount(req).id, body)));
  });

  router.put('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const body = ZCapFeedWrite.parse(req.body);
    await assertTargetsInScope(ctx.db, req, { all: body.groups.length === 0, groups: body.groups });
    res.json(presentCapFeed(await updateCapFeed(ctx, currentAccount(req), id, body)));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    await deleteCapFeed(ctx, currentAccount(req), id);
    res.json({ message: 'CAP beslemesi silindi' });
  });

  return router;
}

/** The account's colours: owners and admins who see every screen (they apply to all of them). */
export function capSettingsRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), peopleNeed('admin'), requireAllScreens());
  router.get('/', async (req, res) => {
    res.json(await capSettingsOf(ctx, currentAccount(req).id));
  });
  router.put('/', async (req, res) => {
    const body = ZCapSettings.parse(req.body);
    res.json(await saveCapSettings(ctx, currentAccount(req).id, body));
  });
  return router;
}
