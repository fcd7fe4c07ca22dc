import type { TNotification } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { ApprovalRequest, Prisma } from '../../db/generated/client.js';
import { notFound } from '../../http/errors.js';

/*
 * A person's notifications in one account (docs/architecture/approval.md#notifications): for now
 * the outcome of their approval requests. Written in the decision's transaction; after the
 * commit their open dashboards in that account hear `notifications:changed` with the unread count.
 */

type Tx = Prisma.TransactionClient;

const unreadOf = (db: Db | Tx, accountId: string, userId: string) =>
  db.notification.count({ where: { accountId, userId, readAt: null } });

/** Tells the requester (when they are still a member) and answers whom to push, with their unread count. */
export async function notifyRequester(
  tx: Tx, ctx: AppContext, r: ApprovalRequest, kind: 'approval.approved' | 'approval.rejected',
): Promise<{ userId: string; unread: number } | null> {
  if (!r.requesterId) return null;
  const member = await tx.membership.findUnique({ where: { accountId_userId: { accountId: r.accountId, userId: r.requesterId } }, select: { id: true } });
  if (!member) return null;
  await tx.notification.create({ data: { accountId: r.accountId, userId: r.requesterId, kind, approvalId: r.id, createdAt: ctx.clock() } });
  return { userId: r.requesterId, unread: await unreadOf(tx, r.accountId, r.requesterId) };
}

export async function listNotifications(db: Db, accountId: string, userId: string): Promise<{ notifications: TNotification[]; unread: number }> {
  const rows = await db.notification.findMany({
    where: { accountId, userId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: 50, include: { approval: true },
  });
  return {
    notifications: rows.map((n) => ({
      _id: n.id, kind: n.kind as TNotification['kind'], createdAt: n.createdAt.toISOString(), readAt: n.readAt?.toISOString() ?? null,
      approval: n.approval ? {
        _id: n.approval.id, status: n.approval.status,
        target: { type: n.approval.targetType as NonNullable<TNotification['approval']>['target']['type'], id: n.approval.targetId, name: n.approval.targetName },
        reason: n.approval.reason, decidedBy: n.approval.decidedByName,
      } : null,
    })),
    unread: await unreadOf(db, accountId, userId),
  };
}

/** Marks one (or, without an id, every) notification of the person in the account read; answers the unread count. */
export async function markRead(ctx: AppContext, accountId: string, userId: string, id?: string): Promise<number> {
  const where = { accountId, userId, readAt: null, ...(id ? { id } : {}) };
  if (id && !(await ctx.db.notification.findFirst({ where: { id, accountId, userId }, select: { id: true } }))) throw notFound('Bildirim');
  await ctx.db.notification.updateMany({ where, data: { readAt: ctx.clock() } });
  const unread = await unreadOf(ctx.db, accountId, userId);
  ctx.notifier.notificationsChanged(accountId, userId, unread);
  return unread;
}
