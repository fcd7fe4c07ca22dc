import { Router, type Request, type RequestHandler } from 'express';
import {
  ZApprovalsQuery, ZIdParams, ZRejectApprovalRequest, type TApproval, type TApprovalPreview, type TApprovalTarget,
} from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { ApprovalRequest } from '../../db/generated/client.js';
import { currentAccount, currentUser, requireAuth } from '../../http/authenticate.js';
import { requireRole } from '../../http/policy.js';
import { approvalPreview, askApproval, approveRequest, assertMayDelete, listApprovals, rejectRequest } from './approvals.service.js';
import { listNotifications, markRead } from './notifications.service.js';
import { presentApprovalPreview } from './approval-preview.presenter.js';

/*
 * /api/approvals (publishers and above) and /api/notifications (anyone, their own), and the gate
 * the content routers put before their edit (docs/architecture/approval.md).
 */

export const presentApproval = (r: ApprovalRequest): TApproval => ({
  _id: r.id,
  status: r.status,
  action: r.action,
  target: { type: r.targetType as TApprovalTarget, id: r.targetId, name: r.targetName },
  requester: { id: r.requesterId, name: r.requesterName },
  before: r.before as Record<string, unknown>,
  after: r.after as Record<string, unknown>,
  reason: r.reason,
  decidedBy: r.decidedByName ? { id: r.decidedById, name: r.decidedByName } : null,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Before a content router's `PUT /:id`, `DELETE /:id` and a media item's `PUT /:id/file`, after
 * its authentication: an edit that must wait for approval is answered 202 with the stored
 * request; a deletion or a new file for content in use by an editor is refused (403: neither can
 * wait as a request); anything else is handed on.
 */
export const approvalGate = (ctx: AppContext, type: TApprovalTarget): RequestHandler => async (req, res, next) => {
  const { id } = ZIdParams.parse(req.params);
  if (req.method === 'DELETE' || req.path.endsWith('/file')) {
    await assertMayDelete(ctx, req, type, id);
    return next();
  }
  const pending = await askApproval(ctx, req, type, id, req.body);
  if (pending) res.status(202).json(pending);
  else next();
};

/** For a tus upload that `replaces` a media item: the refusal of `PUT /api/media/{id}/file` above. */
export const fileReplacementGate = (ctx: AppContext) => (req: Request, mediaId: string) => assertMayDelete(ctx, req, 'app', mediaId);

export function approvalRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx), requireRole('publisher'));

  router.get('/', async (req, res) => {
    const { status } = ZApprovalsQuery.parse(req.query);
    const { rows, pending } = await listApprovals(ctx, req, status);
    res.json({ approvals: rows.map(presentApproval), pending });
  });

  router.get('/:id/preview', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const { rows, settings } = await approvalPreview(ctx, req, id);
    const answer: TApprovalPreview = presentApprovalPreview(rows, settings);
    res.json(answer);
  });

  router.post('/:id/approve', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.json(presentApproval(await approveRequest(ctx, req, id)));
  });

  router.post('/:id/reject', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    const { reason } = ZRejectApprovalRequest.parse(req.body ?? {});
    res.json(presentApproval(await rejectRequest(ctx, req, id, reason)));
  });

  return router;
}

export function notificationRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx));

  router.get('/', async (req, res) => {
    res.json(await listNotifications(ctx.db, currentAccount(req).id, currentUser(req).id));
  });

  router.post('/read', async (req, res) => {
    res.json({ unread: await markRead(ctx, currentAccount(req).id, currentUser(req).id) });
  });

  router.post('/:id/read', async (req, res) => {
    const { id } = ZIdParams.parse(req.params);
    res.json({ unread: await markRead(ctx, currentAccount(req).id, currentUser(req).id, id) });
  });

  return router;
}
