import { z } from './zod.js';
import { requiredText } from './common.js';

/*
 * The approval flow ('Onay akışı', docs/architecture/approval.md): an editor's change to content a
 * screen uses waits as a request until a publisher approves or rejects it.
 */

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZApprovalStatus = z.enum(APPROVAL_STATUSES, { error: "Durum 'pending', 'approved' ya da 'rejected' olmalıdır" });
export type TApprovalStatus = z.infer<typeof ZApprovalStatus>;

/** What can wait for approval: the content a screen shows. */
export const APPROVAL_TARGETS = ['playlist', 'ticker', 'layout', 'app'] as const;
export type TApprovalTarget = (typeof APPROVAL_TARGETS)[number];

/** The 202 answer of an edit that became a request. */
export const ZApprovalPending = z.object({ approval: z.object({ _id: z.string(), status: z.literal('pending') }) });
export type TApprovalPending = z.infer<typeof ZApprovalPending>;

/** One request, with the target before and after in the audit log's words (names, not ids). */
export const ZApproval = z.object({
  _id: z.string(),
  status: ZApprovalStatus,
  action: z.string(),
  target: z.object({ type: z.enum(APPROVAL_TARGETS), id: z.string(), name: z.string() }),
  requester: z.object({ id: z.string().nullable(), name: z.string() }),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  decidedBy: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TApproval = z.infer<typeof ZApproval>;

/** GET /api/approvals?status= */
export const ZApprovalsQuery = z.object({ status: ZApprovalStatus.optional() });
export const ZApprovalList = z.object({ approvals: z.array(ZApproval), pending: z.number() });
export type TApprovalList = z.infer<typeof ZApprovalList>;

/** POST /api/approvals/{id}/reject */
export const ZRejectApprovalRequest = z.object({
  reason: requiredText('Reddetme nedenini yazın', 500),
}, { error: 'Reddetme nedenini yazın' });

/** GET /api/notifications: the person's own in the current account, newest first. */
export const ZNotification = z.object({
  _id: z.string(),
  kind: z.enum(['approval.approved', 'approval.rejected']),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  approval: z.object({
    _id: z.string(), status: ZApprovalStatus, target: z.object({ type: z.enum(APPROVAL_TARGETS), id: z.string(), name: z.string() }),
    reason: z.string().nullable(), decidedBy: z.string().nullable(),
  }).nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;
export const ZNotificationList = z.object({ notifications: z.array(ZNotification), unread: z.number() });
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** Socket event to one member's sockets in one account: their notifications changed. */
export const ZNotificationsChangedEvent = z.object({ unread: z.number() });
export type TNotificationsChangedEvent = z.infer<typeof ZNotificationsChangedEvent>;
