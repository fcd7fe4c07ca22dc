import type { Request } from 'express';
import { roleAtLeast, type TApprovalPending, type TApprovalStatus, type TApprovalTarget } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Prisma, ApprovalRequest, DisplaySettings } from '../../db/generated/client.js';
import { personName } from '../../http/audit-context.js';
import { currentAccount, currentUser } from '../../http/authenticate.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { AuthAccount } from '../../http/request-types.js';
import { audit } from '../audit/audit.js';
import { screenScopeOf, type ScreenScope } from '../accounts/screen-scope.js';
import { readPreview, type PreviewRows } from './approval-preview.js';
import { APPROVAL_KINDS, targetMissing } from './approval-targets.js';
import { notifyRequester } from './notifications.service.js';

/*
 * The approval flow ('Onay akışı', docs/architecture/approval.md): with the account's
 * `approvalRequired` on, an editor's edit of content in use is stored as a request instead of
 * applied; a publisher (or above) approves it, which applies it through the edit's own service
 * function, or rejects it with a reason.
 */

type Tx = Prisma.TransactionClient;
const approvalMissing = () => notFound('Onay isteği');
const alreadyDecided = (status: string) => conflict(status === 'approved'
  ? 'Bu istek zaten onaylandı.'
  : 'Bu istek zaten reddedildi.');
const staleRequest = () => conflict(
  'İstek gönderildikten sonra içerik değiştirildi; bu değişiklik artık uygulanamaz. İsteği reddedip düzenleyenden yeniden göndermesini isteyin.',
);

/** The audit's target of a request: the content it would change, so its history shows the request too. */
const contentTarget = (r: Pick<ApprovalRequest, 'targetType' | 'targetId' | 'targetName'>) =>
  ({ type: r.targetType === 'app' ? 'media' : r.targetType, id: r.targetId, name: r.targetName });

/** Whether this member's changes to content in use wait for approval: below publisher, with the account's flow on. */
async function waitsForApproval(ctx: AppContext, account: AuthAccount): Promise<boolean> {
  if (roleAtLeast(account.role, 'publisher')) return false;
  const settings = await ctx.db.account.findUnique({ where: { id: account.id }, select: { approvalRequired: true } });
  return settings?.approvalRequired === true;
}

/**
 * Called by an edit route before it applies anything: the request's 202 answer when the edit
 * must wait for approval, null when it goes ahead (publishers and above, the flow off, content
 * in no use, or a target that is not the account's, which the edit answers itself).
 */
export async function askApproval(
  ctx: AppContext, req: Request, type: TApprovalTarget, id: string, rawBody: unknown,
): Promise<TApprovalPending | null> {
  const account = currentAccount(req);
  if (!(await waitsForApproval(ctx, account))) return null;
  const kind = APPROVAL_KINDS[type];
  const payload = kind.parse(rawBody);
  const user = currentUser(req);
  const pending = await ctx.db.$transaction(async (tx) => {
    const state = await kind.read(tx, account.id, id);
    if (!state || !(await kind.inUse(tx, account.id, id, ctx.clock()))) return null;
    const after = await kind.after(tx, account.id, state, payload);
    const row = await tx.approvalRequest.create({
      data: {
        accountId: account.id, requesterId: user.id, requesterName: personName(user), targetType: type, targetId: id,
        targetName: state.name, action: kind.action, payload: payload as Prisma.InputJsonValue,
        before: state.before as Prisma.InputJsonValue, after: after as Prisma.InputJsonValue, baseVersion: state.version,
        createdAt: ctx.clock(),
      },
    });
    await audit(tx, { account: account.id, action: 'approval.request', target: contentTarget(row), changes: { approval: [null, 'pending'] } });
    return { approval: { _id: row.id, status: 'pending' as const } };
  });
  if (pending) ctx.notifier.approvalsChanged(account.id);
  return pending;
}

/**
 * Called by a delete route before it deletes, and before a media item's new file is received:
 * with the flow on, an editor may not take content in use off the screens or change its file
 * (neither can wait as a request; a publisher does it). Content in no use, and publishers and
 * above, pass.
 */
export async function assertMayDelete(ctx: AppContext, req: Request, type: TApprovalTarget, id: string): Promise<void> {
  const account = currentAccount(req);
  if (!(await waitsForApproval(ctx, account))) return;
  const inUse = await ctx.db.$transaction((tx) => APPROVAL_KINDS[type].inUse(tx, account.id, id, ctx.clock()));
  if (inUse) throw forbidden('Bu içerik ekranlarda kullanılıyor. Onay akışı açıkken kullanılan içeriği yalnızca Yayıncı ve üstü roller silebilir ya da dosyasını değiştirebilir.');
}

/** Whether a group-limited member may see and decide a request: every screen its content reaches is theirs. */
async function withinScope(ctx: AppContext, scope: ScreenScope, r: Pick<ApprovalRequest, 'accountId' | 'targetType' | 'targetId'>): Promise<boolean> {
  if (scope === null) return true;
  const screens = await APPROVAL_KINDS[r.targetType as TApprovalTarget].screens(ctx.db, r.accountId, r.targetId, ctx.clock());
  return screens.every((s) => scope.has(s));
}

export async function listApprovals(ctx: AppContext, req: Request, status: TApprovalStatus | undefined) {
  const accountId = currentAccount(req).id;
  const scope = await screenScopeOf(ctx.db, req);
  // Requests about the same content share one answer: a limited member's list and count resolve
  // each content's screens once, not once per request.
  const seen = new Map<string, Promise<boolean>>();
  const visibleTo = (r: Pick<ApprovalRequest, 'accountId' | 'targetType' | 'targetId'>) => {
    const key = `${r.targetType}:${r.targetId}`;
    if (!seen.has(key)) seen.set(key, withinScope(ctx, scope, r));
    return seen.get(key)!;
  };
  const rows = await ctx.db.approvalRequest.findMany({
    where: { accountId, ...(status ? { status } : {}) }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: 200,
  });
  const visible: ApprovalRequest[] = [];
  for (const r of rows) if (await visibleTo(r)) visible.push(r);
  let pending = 0;
  if (status === 'pending') pending = visible.length;
  else if (scope === null) pending = await ctx.db.approvalRequest.count({ where: { accountId, status: 'pending' } });
  else {
    const open = await ctx.db.approvalRequest.findMany({ where: { accountId, status: 'pending' }, select: { accountId: true, targetType: true, targetId: true } });
    for (const r of open) if (await visibleTo(r)) pending += 1;
  }
  return { rows: visible, pending };
}

/** The request of this account the member may decide; another account's or one outside their groups reads as missing. */
async function decidable(ctx: AppContext, req: Request, id: string): Promise<ApprovalRequest> {
  const row = await ctx.db.approvalRequest.findFirst({ where: { id, accountId: currentAccount(req).id } });
  if (!row || !(await withinScope(ctx, await screenScopeOf(ctx.db, req), row))) throw approvalMissing();
  if (row.status !== 'pending') throw alreadyDecided(row.status);
  return row;
}

/** Marks the request decided only while it is still pending: of two decisions at once one passes. */
async function claim(tx: Tx, ctx: AppContext, row: ApprovalRequest, req: Request, status: 'approved' | 'rejected', reason: string | null) {
  const user = currentUser(req);
  const claimed = await tx.approvalRequest.updateMany({
    where: { id: row.id, status: 'pending' },
    data: { status, reason, decidedById: user.id, decidedByName: personName(user), decidedAt: ctx.clock() },
  });
  if (claimed.count === 0) {
    const now = await tx.approvalRequest.findUniqueOrThrow({ where: { id: row.id }, select: { status: true } });
    throw alreadyDecided(now.status);
  }
}

/**
 * A pending request's result as a screen would show it, with the account's ticker-bar look
 * (docs/architecture/approval.md#preview); a decided one answers 409 as a decision would.
 */
export async function approvalPreview(ctx: AppContext, req: Request, id: string): Promise<{ rows: PreviewRows; settings: DisplaySettings | null }> {
  const row = await decidable(ctx, req, id);
  const [rows, settings] = await Promise.all([readPreview(ctx.db, row), ctx.db.displaySettings.findUnique({ where: { ownerId: row.accountId } })]);
  if (!rows) throw targetMissing();
  return { rows, settings };
}

/**
 * Applies the requested change exactly as asked, through the edit's own service function (its
 * event and its push), inside whose transaction the request is claimed, checked against the
 * version it was asked on (409 when the content changed since) and recorded.
 */
export async function approveRequest(ctx: AppContext, req: Request, id: string): Promise<ApprovalRequest> {
  const row = await decidable(ctx, req, id);
  const account: AuthAccount = currentAccount(req);
  const kind = APPROVAL_KINDS[row.targetType as TApprovalTarget];
  let notified: { userId: string; unread: number } | null = null;
  try {
    await kind.apply(ctx, account.id, row.targetId, kind.parse(row.payload), async (tx, version) => {
      await claim(tx, ctx, row, req, 'approved', null);
      if (version !== row.baseVersion) throw staleRequest();
      notified = await notifyRequester(tx, ctx, row, 'approval.approved');
      await audit(tx, { account: account.id, action: 'approval.approve', target: contentTarget(row), changes: { approval: ['pending', 'approved'] } });
    });
  } catch (err) {
    // The content is gone: the edit's own 404 would name the content, not the request.
    if (err instanceof Error && 'status' in err && err.status === 404 && !(await contentExists(ctx, row))) throw targetMissing();
    throw err;
  }
  const told = notified as { userId: string; unread: number } | null;
  if (told) ctx.notifier.notificationsChanged(account.id, told.userId, told.unread);
  ctx.notifier.approvalsChanged(account.id);
  return ctx.db.approvalRequest.findUniqueOrThrow({ where: { id } });
}

/** Whether the request's content is still the account's (read as an approval reads it). */
const contentExists = (ctx: AppContext, r: ApprovalRequest) =>
  ctx.db.$transaction(async (tx) => (await APPROVAL_KINDS[r.targetType as TApprovalTarget].read(tx, r.accountId, r.targetId)) !== null);

export async function rejectRequest(ctx: AppContext, req: Request, id: string, reason: string): Promise<ApprovalRequest> {
  const row = await decidable(ctx, req, id);
  const accountId = currentAccount(req).id;
  const notified = await ctx.db.$transaction(async (tx) => {
    await claim(tx, ctx, row, req, 'rejected', reason);
    const to = await notifyRequester(tx, ctx, row, 'approval.rejected');
    await audit(tx, { account: accountId, action: 'approval.reject', target: contentTarget(row), changes: { approval: ['pending', 'rejected'], reason: [null, reason] } });
    return to;
  });
  if (notified) ctx.notifier.notificationsChanged(accountId, notified.userId, notified.unread);
  ctx.notifier.approvalsChanged(accountId);
  return ctx.db.approvalRequest.findUniqueOrThrow({ where: { id } });
}
