import type { z } from 'zod';
import type { ZCreateScreenGroupRequest, ZUpdateScreenGroupRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockOwnedRow } from '../../db/row-lock.js';
import { conflict, notFound } from '../../http/errors.js';
import { allOwned } from '../../db/ownership.js';
import { changedKeys, notifyAffectedScreens, scheduleKeysOf } from '../schedules/schedule-targets.js';
import { audit, changesOf } from '../audit/audit.js';
import { lockOwner } from '../entitlements/limits.js';
import { liveScopesOf, membersLimitedTo, type LiveScope } from '../accounts/screen-scope.js';

/** After the commit: members limited to a group whose screens changed hear their new screens at once. */
function rescope(ctx: AppContext, accountId: string, scopes: LiveScope[]): void {
  for (const m of scopes) ctx.connections.memberChanged(accountId, m.userId, m.screens);
}

export type ScreenGroupRow = { id: string; name: string; members: { screen: { id: string; name: string } }[] };

export const withMembers = { members: { select: { screen: { select: { id: true, name: true } } } } } as const;
const groupMissing = () => notFound('Ekran grubu');

/** What an event records of a group: its name and its screens, by name. */
const GROUP_FIELDS = ['name', 'screens'] as const;
const auditedGroup = (g: ScreenGroupRow) => ({ name: g.name, screens: g.members.map((m) => m.screen.name).sort() });
const groupTarget = (g: { id: string; name: string }) => ({ type: 'screenGroup', id: g.id, name: g.name });

/** The unique (owner, name) index refused the name: another group of this customer has it. */
function nameTaken(err: unknown): never {
  if ((err as { code?: string }).code === 'P2002') throw conflict('Bu adda bir ekran grubunuz zaten var');
  throw err;
}

/** The account's groups; `only` (a limited member's groups) keeps those alone. */
export async function listScreenGroups(db: Db, ownerId: string, only: string[] | null): Promise<ScreenGroupRow[]> {
  return db.screenGroup.findMany({
    where: { ownerId, ...(only ? { id: { in: only } } : {}) }, orderBy: [{ name: 'asc' }, { id: 'asc' }], include: withMembers,
  });
}

/** A new group is named by no schedule yet, so no screen shows anything else because of it. */
export async function createScreenGroup(
  ctx: AppContext, ownerId: string, body: z.output<typeof ZCreateScreenGroupRequest>,
): Promise<ScreenGroupRow> {
  const screenIds = [...new Set(body.screenIds)];
  return ctx.db.$transaction(async (tx) => {
    if (!(await allOwned(tx, 'screen', ownerId, screenIds))) throw notFound('Ekran');
    const row = await tx.screenGroup.create({
      data: { ownerId, name: body.name, members: { create: screenIds.map((screenId) => ({ screenId })) } },
      include: withMembers,
    });
    await audit(tx, { account: ownerId, action: 'screenGroup.create', target: groupTarget(row), changes: changesOf(null, auditedGroup(row), GROUP_FIELDS) });
    return row;
  }).catch(nameTaken);
}

/**
 * Renames and/or replaces the members, under the group's row lock. Pushed: the screens that
 * joined or left, when that changes which schedules reach them (a group no schedule names
 * changes no screen).
 */
export async function updateScreenGroup(
  ctx: AppContext, ownerId: string, id: string, body: z.output<typeof ZUpdateScreenGroupRequest>,
): Promise<ScreenGroupRow> {
  const { group, affected, scopes } = await ctx.db.$transaction(async (tx) => {
    // Its screens decide limited members' scopes: under the account's lock, the one a change of
    // a member's groups takes (team.service.ts), so neither reads the other's old state.
    if (body.screenIds) await lockOwner(tx, ownerId);
    if (!(await lockOwnedRow(tx, 'screen_groups', id, ownerId))) throw groupMissing();
    const previous = await tx.screenGroup.findUniqueOrThrow({ where: { id }, include: withMembers });
    let affected: string[] = [];
    let scopes: LiveScope[] = [];
    if (body.screenIds) {
      const screenIds = [...new Set(body.screenIds)];
      if (!(await allOwned(tx, 'screen', ownerId, screenIds))) throw notFound('Ekran');
      const touched = [...new Set([...previous.members.map((m) => m.screen.id), ...screenIds])];
      const before = await scheduleKeysOf(tx, ownerId, touched);
      await tx.screenGroupMember.deleteMany({ where: { groupId: id } });
      await tx.screenGroupMember.createMany({ data: screenIds.map((screenId) => ({ groupId: id, screenId })) });
      affected = changedKeys(before, await scheduleKeysOf(tx, ownerId, touched));
      const same = previous.members.length === screenIds.length && previous.members.every((m) => screenIds.includes(m.screen.id));
      if (!same) scopes = await liveScopesOf(tx, ownerId, await membersLimitedTo(tx, ownerId, id));
    }
    const group = await tx.screenGroup.update({ where: { id }, data: { name: body.name, updatedAt: ctx.clock() }, include: withMembers });
    await audit(tx, { account: ownerId, action: 'screenGroup.update', target: groupTarget(group), changes: changesOf(auditedGroup(previous), auditedGroup(group), GROUP_FIELDS) });
    return { group, affected, scopes };
  }).catch(nameTaken);
  rescope(ctx, ownerId, scopes);
  await notifyAffectedScreens(ctx, affected);
  return group;
}

/** The schedules that name the group (with their targets, for a limited member's view): deleting it takes it out of them. */
export async function screenGroupUsage(db: Db, ownerId: string, id: string) {
  if (!(await db.screenGroup.findFirst({ where: { id, ownerId }, select: { id: true } }))) throw groupMissing();
  return db.schedule.findMany({
    where: { ownerId, groups: { some: { groupId: id } } },
    select: { id: true, name: true, screens: { select: { screenId: true } }, groups: { select: { groupId: true } } },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

/**
 * A member or an API key limited to this group alone would be left with no group, which reads as
 * 'every screen' (docs/architecture/accounts.md#screen-group-limits): such a deletion is refused.
 */
async function assertNoMemberLimitedToOnly(tx: DbOrTx, accountId: string, groupId: string): Promise<void> {
  const only = { some: { groupId }, every: { groupId } };
  const stranded = await tx.membership.findMany({
    where: { accountId, groups: only },
    select: { user: { select: { email: true, firstName: true, lastName: true } } }, orderBy: { createdAt: 'asc' },
  });
  if (stranded.length > 0) {
    const names = stranded.map(({ user: u }) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email);
    throw conflict(`Bu grup ${names.join(', ')} için tek ekran grubu; silinirse tüm ekranları görürlerdi. Önce Ekip sayfasında gruplarını değiştirin.`);
  }
  const keys = await tx.apiKey.findMany({ where: { ownerId: accountId, revokedAt: null, groups: only }, select: { name: true }, orderBy: { createdAt: 'asc' } });
  if (keys.length > 0) {
    throw conflict(`Bu grup ${keys.map((k) => `'${k.name}'`).join(', ')} API anahtarı için tek ekran grubu; silinirse anahtar tüm ekranlara ulaşırdı. Önce Ayarlar sayfasında anahtarı iptal edin.`);
  }
}

/**
 * Memberships and the group's place in schedules go with it; its members that lose a schedule are
 * pushed. Under the account's lock first, the one member changes take (team.service.ts), so a
 * member cannot be narrowed to this group alone between the check and the delete.
 */
export async function deleteScreenGroup(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const { affected, scopes } = await ctx.db.$transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    if (!(await lockOwnedRow(tx, 'screen_groups', id, ownerId))) throw groupMissing();
    await assertNoMemberLimitedToOnly(tx, ownerId, id);
    const limited = await membersLimitedTo(tx, ownerId, id);
    const existing = await tx.screenGroup.findUniqueOrThrow({ where: { id }, include: withMembers });
    const members = existing.members.map((m) => m.screen.id);
    const before = await scheduleKeysOf(tx, ownerId, members);
    await tx.screenGroup.delete({ where: { id } });
    const changed = changedKeys(before, await scheduleKeysOf(tx, ownerId, members));
    await audit(tx, { account: ownerId, action: 'screenGroup.delete', target: groupTarget(existing), changes: changesOf(auditedGroup(existing), null, GROUP_FIELDS) });
    return { affected: changed, scopes: await liveScopesOf(tx, ownerId, limited) };
  });
  rescope(ctx, ownerId, scopes);
  await notifyAffectedScreens(ctx, affected);
}
