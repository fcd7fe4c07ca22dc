import type { Request } from 'express';
import type { DbOrTx } from '../../db/client.js';
import { currentAccount } from '../../http/authenticate.js';
import { forbidden, notFound } from '../../http/errors.js';
import { isLimited } from '../../http/policy.js';
import type { AuthAccount } from '../../http/request-types.js';

/*
 * A member limited to screen groups sees and acts on only those groups' screens
 * (docs/architecture/accounts.md#screen-group-limits). Another screen of the account reads as
 * missing to them, as another customer's does: a 404, never a hint that it exists.
 */

/** The screens a member may see and act on: null when not limited (every screen of the account). */
export type ScreenScope = ReadonlySet<string> | null;

const scopes = new WeakMap<Request, Promise<ScreenScope>>();

/** The screens in these groups of the account (a member's limit; their dashboard socket's too). */
export async function screensOfGroups(db: DbOrTx, accountId: string, groupIds: string[]): Promise<string[]> {
  const rows = await db.screenGroupMember.findMany({
    where: { groupId: { in: groupIds }, group: { ownerId: accountId } }, select: { screenId: true },
  });
  return [...new Set(rows.map((r) => r.screenId))];
}

/** The members of the account limited to `groupId` (before a change of the group's screens). */
export async function membersLimitedTo(db: DbOrTx, accountId: string, groupId: string): Promise<string[]> {
  const rows = await db.membership.findMany({ where: { accountId, groups: { some: { groupId } } }, select: { userId: true } });
  return rows.map((r) => r.userId);
}

/**
 * The screens each of these members sees now (read in the change's transaction, after it), for
 * `ctx.connections.memberChanged`: their open dashboards move at once, not at their next reconnect.
 */
export type LiveScope = { userId: string; screens: string[] | null };
export async function liveScopesOf(db: DbOrTx, accountId: string, userIds: string[]): Promise<LiveScope[]> {
  // One read of the memberships with their groups' screens, however many members.
  const rows = await db.membership.findMany({
    where: { accountId, userId: { in: userIds } },
    select: { userId: true, groups: { select: { group: { select: { members: { select: { screenId: true } } } } } } },
  });
  return rows.map((m) => ({
    userId: m.userId,
    screens: m.groups.length ? [...new Set(m.groups.flatMap((g) => g.group.members.map((s) => s.screenId)))] : null,
  }));
}

async function readScope(db: DbOrTx, account: AuthAccount): Promise<ScreenScope> {
  if (!isLimited(account)) return null;
  return new Set(await screensOfGroups(db, account.id, account.groupIds));
}

/** The request's scope, read once per request. */
export function screenScopeOf(db: DbOrTx, req: Request): Promise<ScreenScope> {
  let scope = scopes.get(req);
  if (!scope) {
    scope = readScope(db, currentAccount(req));
    scopes.set(req, scope);
  }
  return scope;
}

export const inScope = (scope: ScreenScope, screenId: string): boolean => scope === null || scope.has(screenId);

/** Keeps the rows whose screen is in scope. */
export const withinScope = <T>(scope: ScreenScope, rows: T[], screenIdOf: (row: T) => string): T[] =>
  scope === null ? rows : rows.filter((r) => scope.has(screenIdOf(r)));

/** 404 'Ekran bulunamadı' for a screen outside the member's groups. */
export async function assertScreenInScope(db: DbOrTx, req: Request, screenId: string): Promise<void> {
  if (!inScope(await screenScopeOf(db, req), screenId)) throw notFound('Ekran');
}

const ALL_SCREENS_LIMITED = 'Ekran gruplarıyla sınırlı bir üye tüm ekranları hedefleyemez; lütfen kendi gruplarınızdan seçin';

/**
 * Targets of an alert, a schedule or an assignment: a limited member names only screens in
 * scope and groups they are limited to, and never 'every screen'.
 */
export async function assertTargetsInScope(
  db: DbOrTx, req: Request, targets: { all?: boolean; screens?: string[]; groups?: string[] },
): Promise<void> {
  const account = currentAccount(req);
  if (!isLimited(account)) return;
  if (targets.all) throw forbidden(ALL_SCREENS_LIMITED);
  if ((targets.groups ?? []).some((g) => !account.groupIds.includes(g))) throw notFound('Ekran grubu');
  const scope = await screenScopeOf(db, req);
  if ((targets.screens ?? []).some((s) => !inScope(scope, s))) throw notFound('Ekran');
}

/** Whether everything a row targets is in scope (lists show a limited member only those). */
export function targetsWithin(account: AuthAccount, scope: ScreenScope, t: { all?: boolean; screenIds: string[]; groupIds: string[] }): boolean {
  if (scope === null) return true;
  if (t.all) return false;
  return t.groupIds.every((g) => account.groupIds.includes(g)) && t.screenIds.every((s) => scope.has(s));
}
