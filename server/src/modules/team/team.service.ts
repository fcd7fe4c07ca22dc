import { ErrorCode, type TMemberUpdateRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { allOwned } from '../../db/ownership.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { AuthAccount, AuthUser } from '../../http/request-types.js';
import { afterAccountDeleted, deleteAccountRows } from '../account-deletion/delete-account.js';
import { screensOfGroups } from '../accounts/screen-scope.js';
import { assertOwnPassword } from '../auth/passwords.js';
import { assertSecondFactorIfOn } from '../auth/two-factor.service.js';
import { lockOwner } from '../entitlements/limits.js';
import { assertGrantable, assertMayTransfer, assertMemberWithin } from '../accounts/member-scope.js';
import { openInvitationWhere, seatLimit, seatLimitShown } from './seats.js';
import { audit, changesOf } from '../audit/audit.js';
import { personName } from '../../http/audit-context.js';

/*
 * The team page (docs/PRODUCT.md#team): members, their roles and screen groups, invitations.
 * Every change runs under the account's lock (the row uploads lock too), so two admins acting
 * at once cannot both remove the last owner or both take the last seat.
 */

export const memberSelect = {
  id: true, role: true, lastActiveAt: true, userId: true,
  user: { select: { id: true, email: true, firstName: true, lastName: true } },
  groups: { select: { group: { select: { id: true, name: true } } }, orderBy: { group: { name: 'asc' as const } } },
};

export async function getTeam(ctx: AppContext, accountId: string) {
  const now = ctx.clock();
  const [account, members, invitations, groups, max] = await Promise.all([
    ctx.db.account.findUniqueOrThrow({ where: { id: accountId }, select: { id: true, name: true } }),
    ctx.db.membership.findMany({ where: { accountId }, select: memberSelect, orderBy: { createdAt: 'asc' } }),
    ctx.db.invitation.findMany({ where: openInvitationWhere(accountId, now), orderBy: { createdAt: 'asc' } }),
    ctx.db.screenGroup.findMany({ where: { ownerId: accountId }, select: { id: true, name: true } }),
    seatLimit(ctx.db, accountId, now),
  ]);
  // The seats taken are the people and the open invitations listed (seats.ts counts the same).
  return { account, members, invitations, groups, seats: { used: members.length + invitations.length, max: seatLimitShown(max) } };
}

export async function renameAccount(ctx: AppContext, accountId: string, name: string) {
  await ctx.db.$transaction(async (tx) => {
    const before = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true } });
    await tx.account.update({ where: { id: accountId }, data: { name } });
    await audit(tx, { account: accountId, action: 'account.rename', target: { type: 'account', id: accountId, name }, changes: { name: [before.name, name] } });
  });
  return getTeam(ctx, accountId);
}

/** The account's sign-in rules (docs/PRODUCT.md#two-factor) and approval flow (docs/architecture/approval.md), with their event; each changes only when sent. */
export async function saveTeamSettings(ctx: AppContext, accountId: string, settings: { twoFactorRequired?: boolean; approvalRequired?: boolean }) {
  return ctx.db.$transaction(async (tx) => {
    const before = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true, twoFactorRequired: true, approvalRequired: true } });
    const after = await tx.account.update({ where: { id: accountId }, data: settings, select: { twoFactorRequired: true, approvalRequired: true } });
    await audit(tx, {
      account: accountId, action: 'account.settings', target: { type: 'account', id: accountId, name: before.name },
      changes: changesOf(before, after, ['twoFactorRequired', 'approvalRequired']),
    });
    return after;
  });
}

const memberNotFound = () => notFound('Üye');
export const ownerByTransferOnly = () =>
  forbidden("Sahiplik yalnızca 'Sahipliği devret' ile verilebilir");
const ownerNeverLimited = () => forbidden('Hesap sahibi ekran gruplarıyla sınırlanamaz: sahip her zaman tüm ekranları görür.');
const ownerUntouchable = () => forbidden('Hesap sahibini yalnızca sahibin kendisi değiştirebilir ya da çıkarabilir');
const lastOwner = (what: 'çıkarılamaz' | 'rolü değiştirilemez') => conflict(
  `Hesabın son sahibi ${what}. Önce 'Sahipliği devret' ile hesabı başka bir üyeye devredin.`, ErrorCode.LAST_OWNER);

/** The account's own screen groups only; another account's or a deleted group reads as missing (404). */
export async function assertOwnGroups(db: DbOrTx, accountId: string, groupIds: string[]): Promise<void> {
  if (!(await allOwned(db, 'screenGroup', accountId, groupIds))) throw notFound('Ekran grubu');
}

/** The member a change names, read once under the account's lock with what the change needs of them. */
async function lockedMember(tx: DbOrTx, caller: AuthAccount, memberId: string) {
  await lockOwner(tx, caller.id);
  const target = await tx.membership.findFirst({
    where: { id: memberId, accountId: caller.id },
    select: {
      id: true, role: true, userId: true,
      user: { select: { email: true, firstName: true, lastName: true } },
      groups: { select: { groupId: true, group: { select: { name: true } } } },
    },
  });
  if (!target) throw memberNotFound();
  if (target.role === 'owner' && caller.role !== 'owner') throw ownerUntouchable();
  assertMemberWithin(caller, target.groups.map((g) => g.groupId));
  return target;
}

/** A member as their events name them. */
const memberTarget = (m: { userId: string; user: { email: string; firstName: string | null; lastName: string | null } }) =>
  ({ type: 'member', id: m.userId, name: personName(m.user) });

/** Screen-group names, sorted, as the events record them. */
const namesOf = (groups: { group: { name: string } }[]) => groups.map((g) => g.group.name).sort();

/**
 * The screens a member's live sockets hear after a change (read under the change's lock): their
 * groups' screens, or null when not limited (docs/architecture/accounts.md#screen-group-limits).
 */
const liveScopeOf = async (tx: DbOrTx, accountId: string, groupIds: string[]): Promise<string[] | null> =>
  (groupIds.length ? screensOfGroups(tx, accountId, groupIds) : null);

const isLastOwner = async (tx: DbOrTx, accountId: string) =>
  (await tx.membership.count({ where: { accountId, role: 'owner' } })) <= 1;

export async function updateMember(ctx: AppContext, caller: AuthAccount, memberId: string, body: TMemberUpdateRequest) {
  if (body.role === 'owner') throw ownerByTransferOnly();
  const { member, screens } = await ctx.db.$transaction(async (tx) => {
    const target = await lockedMember(tx, caller, memberId);
    if (body.role && target.role === 'owner' && body.role !== 'owner' && (await isLastOwner(tx, caller.id))) throw lastOwner('rolü değiştirilemez');
    if (body.groups) {
      // An owner sees every screen (docs/architecture/accounts.md#screen-group-limits).
      if ((body.role ?? target.role) === 'owner' && body.groups.length > 0) throw ownerNeverLimited();
      await assertOwnGroups(tx, caller.id, body.groups);
      assertGrantable(caller, body.groups);
    }
    const member = await tx.membership.update({
      where: { id: target.id },
      data: {
        ...(body.role ? { role: body.role } : {}),
        ...(body.groups ? { groups: { deleteMany: {}, create: [...new Set(body.groups)].map((groupId) => ({ groupId })) } } : {}),
      },
      select: memberSelect,
    });
    await audit(tx, {
      account: caller.id, action: 'member.update', target: memberTarget(target),
      changes: changesOf({ role: target.role, groups: namesOf(target.groups) }, { role: member.role, groups: namesOf(member.groups) }, ['role', 'groups']),
    });
    return { member, screens: await liveScopeOf(tx, caller.id, member.groups.map((g) => g.group.id)) };
  });
  ctx.connections.memberChanged(caller.id, member.userId, screens);
  return member;
}

/** Their token for this account stops working at once (authenticate.ts), and their sockets in it are cut. */
export async function removeMember(ctx: AppContext, caller: AuthAccount, memberId: string): Promise<void> {
  const userId = await ctx.db.$transaction(async (tx) => {
    const target = await lockedMember(tx, caller, memberId);
    if (target.role === 'owner' && (await isLastOwner(tx, caller.id))) throw lastOwner('çıkarılamaz');
    await tx.membership.delete({ where: { id: target.id } });
    await audit(tx, { account: caller.id, action: 'member.remove', target: memberTarget(target), changes: { role: [target.role, null] } });
    return target.userId;
  });
  ctx.connections.memberRemoved(caller.id, userId);
}

/** 'Sahipliği devret': the member becomes the owner, the owner an admin (owner only). */
export async function transferOwnership(ctx: AppContext, caller: AuthAccount, memberId: string): Promise<void> {
  if (caller.role !== 'owner') throw forbidden('Sahipliği yalnızca hesabın sahibi devredebilir');
  if (memberId === caller.membershipId) throw conflict('Sahiplik başka bir üyeye devredilmelidir');
  assertMayTransfer(caller);
  const told = await ctx.db.$transaction(async (tx) => {
    const target = await lockedMember(tx, caller, memberId);
    // The caller's own row, read under the lock: a parallel transfer may have made them an admin already.
    const self = await tx.membership.findFirst({
      where: { id: caller.membershipId, role: 'owner' }, select: { id: true, userId: true, groups: { select: { groupId: true } } },
    });
    if (!self) throw forbidden('Sahipliği yalnızca hesabın sahibi devredebilir');
    // An owner is never limited: the new owner's screen groups go (they may delete the account).
    await tx.membership.update({ where: { id: target.id }, data: { role: 'owner', groups: { deleteMany: {} } } });
    await tx.membership.update({ where: { id: self.id }, data: { role: 'admin' } });
    await audit(tx, { account: caller.id, action: 'account.transfer', target: memberTarget(target), changes: { role: [target.role, 'owner'] } });
    return [
      { userId: target.userId, screens: null },
      { userId: self.userId, screens: await liveScopeOf(tx, caller.id, self.groups.map((g) => g.groupId)) },
    ];
  });
  // Both learn their new role, the former owner's other dashboards too.
  for (const m of told) ctx.connections.memberChanged(caller.id, m.userId, m.screens);
}

const ownerOnlyDeletes = () => forbidden('Hesabı yalnızca hesabın sahibi silebilir');

/**
 * 'Hesabı Sil' (owner only, with their password): everything of the account goes for every
 * member; its purchases stay for the sales report; the people stay, as members of their other
 * accounts (docs/architecture/accounts.md#deleting-the-account).
 */
export async function deleteAccount(ctx: AppContext, caller: AuthAccount, user: AuthUser, password: string, code: string | undefined): Promise<void> {
  await assertOwnPassword(ctx.db, user.id, password, 'Şifre hatalı. Hesabı silmek için kendi şifrenizi girin.');
  await assertSecondFactorIfOn(ctx, user.id, code);
  const deleted = await ctx.db.$transaction(async (tx) => {
    await lockOwner(tx, caller.id);
    // Read under the lock: a transfer that committed meanwhile made the caller an admin.
    const self = await tx.membership.findFirst({ where: { accountId: caller.id, userId: user.id, role: 'owner' }, select: { id: true } });
    if (!self) throw ownerOnlyDeletes();
    const rows = await deleteAccountRows(tx, caller.id, ctx.clock());
    // The account's history stays (no foreign key): its last event says who deleted it.
    await audit(tx, { account: caller.id, action: 'account.delete', target: { type: 'account', id: caller.id, name: caller.name } });
    return rows;
  });
  await afterAccountDeleted(ctx, deleted);
}
