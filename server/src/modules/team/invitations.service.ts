import { randomBytes } from 'node:crypto';
import { ErrorCode, type TAcceptNewRequest, type TInviteRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { stillOwned } from '../../db/ownership.js';
import { linkBaseUrl } from '../../config/env.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { AuthAccount, AuthUser } from '../../http/request-types.js';
import { invitationMail } from '../../mail/mail-templates.js';
import { lockOwner } from '../entitlements/limits.js';
import { emailTakenAsConflict } from '../auth/auth.service.js';
import { hashPassword } from '../auth/passwords.js';
import { assertSeatFree } from './seats.js';
import { assertOwnGroups, ownerByTransferOnly } from './team.service.js';
import { audit } from '../audit/audit.js';
import { personName } from '../../http/audit-context.js';
import { assertGrantable, assertInvitationWithin } from '../accounts/member-scope.js';
import { sha256Hex } from '../../http/sealed-secret.js';

/*
 * Invitations (docs/architecture/accounts.md#invitations): a one-time link to /davet/{token},
 * valid 7 days. The token is 256 random bits and only its SHA-256 is stored, as for password
 * resets, so a copy of the database lets nobody in.
 */
export const INVITATION_VALID_DAYS = 7;

const invitationUnknown = () => notFound('Davet');
const gone = (message: string) => new AppError(410, ErrorCode.INVITATION_GONE, message);
const ASK_AGAIN = 'Hesap yöneticisinden yeni bir davet isteyin.';

type InvitationRow = { id: string; accountId: string; email: string; role: 'owner' | 'admin' | 'publisher' | 'editor' | 'viewer'; groupIds: string[]; expiresAt: Date; acceptedAt: Date | null; revokedAt: Date | null };

/** The 410 of a link that no longer opens anything, or nothing for one that still does. */
function assertOpen(inv: InvitationRow, now: Date): void {
  if (inv.acceptedAt) throw gone(`Bu davet bağlantısı daha önce kullanılmış. ${ASK_AGAIN}`);
  if (inv.revokedAt) throw gone(`Bu davet geri alınmış. ${ASK_AGAIN}`);
  if (inv.expiresAt <= now) throw gone(`Bu davet bağlantısının süresi dolmuş (davetler ${INVITATION_VALID_DAYS} gün geçerlidir). ${ASK_AGAIN}`);
}

export async function createInvitation(ctx: AppContext, caller: AuthAccount, inviter: AuthUser, body: TInviteRequest & { groups: string[] }) {
  if (body.role === 'owner') throw ownerByTransferOnly();
  const now = ctx.clock();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000);
  const invitation = await ctx.db.$transaction(async (tx) => {
    await lockOwner(tx, caller.id);
    await assertOwnGroups(tx, caller.id, body.groups);
    assertGrantable(caller, body.groups);
    if (await tx.membership.count({ where: { accountId: caller.id, user: { email: body.email } } })) {
      throw conflict('Bu e-posta adresine sahip kişi zaten ekipte');
    }
    // A new invitation to the same address replaces the open one: only the latest link works.
    await tx.invitation.updateMany({ where: { accountId: caller.id, email: body.email, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    await assertSeatFree(tx, caller.id, now, 'invite');
    const created = await tx.invitation.create({
      data: {
        accountId: caller.id, email: body.email, role: body.role, groupIds: [...new Set(body.groups)],
        tokenHash: sha256Hex(token), invitedById: inviter.id, expiresAt,
      },
    });
    await audit(tx, { account: caller.id, action: 'invitation.create', target: { type: 'invitation', id: created.id, name: created.email }, changes: { email: [null, created.email], role: [null, created.role], groupIds: [null, created.groupIds], expiresAt: [null, expiresAt] } });
    return created;
  });
  const link = `${linkBaseUrl(ctx.config)}/davet/${token}`;
  const inviterName = [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') || inviter.email;
  ctx.mailer.dispatch(() => Promise.resolve(invitationMail(invitation.email, { accountName: caller.name, inviterName, role: invitation.role, link, validDays: INVITATION_VALID_DAYS })));
  return { invitation, link, mailed: ctx.mailer.delivers };
}

export async function revokeInvitation(ctx: AppContext, caller: AuthAccount, id: string): Promise<void> {
  const open = { id, accountId: caller.id, acceptedAt: null, revokedAt: null };
  await ctx.db.$transaction(async (tx) => {
    const inv = await tx.invitation.findFirst({ where: open, select: { groupIds: true } });
    if (!inv) throw invitationUnknown();
    assertInvitationWithin(caller, inv.groupIds);
    // Its groups never change: the conditional update only settles a race with an accept or another revoke.
    const now = ctx.clock();
    const [revoked] = await tx.invitation.updateManyAndReturn({ where: open, data: { revokedAt: now } });
    if (!revoked) throw invitationUnknown();
    await audit(tx, { account: caller.id, action: 'invitation.revoke', target: { type: 'invitation', id, name: revoked.email }, changes: { revokedAt: [null, now] } });
  });
}

async function openInvitation(db: DbOrTx, token: string, now: Date) {
  const inv = await db.invitation.findUnique({ where: { tokenHash: sha256Hex(token) }, include: { account: { select: { name: true } } } });
  if (!inv) throw invitationUnknown();
  assertOpen(inv, now);
  return inv;
}

/** What the accept page shows (public: the token is the secret). */
export async function invitationInfo(ctx: AppContext, token: string) {
  const inv = await openInvitation(ctx.db, token, ctx.clock());
  const hasUser = (await ctx.db.user.count({ where: { email: inv.email } })) > 0;
  return { accountName: inv.account.name, email: inv.email, role: inv.role, hasUser };
}

/**
 * Claims the open invitation once (read by the caller): of two accepts at once, one passes, by
 * the conditional update. Its groups never change. Returns the membership's groups.
 */
async function claim(tx: DbOrTx, inv: InvitationRow, now: Date) {
  // Groups deleted since the invitation was sent are left out; with none left it would grant
  // every screen, which it never meant.
  const groupIds = await stillOwned(tx, 'screenGroup', inv.accountId, inv.groupIds);
  if (inv.groupIds.length > 0 && groupIds.length === 0) throw gone(`Bu davetin ekran grupları silinmiş. ${ASK_AGAIN}`);
  const { count } = await tx.invitation.updateMany({
    where: { id: inv.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } }, data: { acceptedAt: now },
  });
  if (count !== 1) throw gone(`Bu davet bağlantısı daha önce kullanılmış. ${ASK_AGAIN}`);
  return { create: groupIds.map((groupId) => ({ groupId })) };
}

/** A signed-in person accepts with their own session: the invitation's email must be theirs. */
export async function acceptAsUser(ctx: AppContext, token: string, user: AuthUser) {
  const now = ctx.clock();
  return ctx.db.$transaction(async (tx) => {
    const inv = await openInvitation(tx, token, now);
    if (inv.email !== user.email) {
      throw forbidden(`Bu davet ${inv.email} adresine gönderilmiş. Daveti kabul etmek için o adresle giriş yapın.`);
    }
    await lockOwner(tx, inv.accountId);
    if (await tx.membership.count({ where: { accountId: inv.accountId, userId: user.id } })) {
      throw conflict('Bu hesabın zaten üyesisiniz');
    }
    await assertSeatFree(tx, inv.accountId, now, 'join');
    const groups = await claim(tx, inv, now);
    await tx.membership.create({ data: { accountId: inv.accountId, userId: user.id, role: inv.role, groups } });
    // The link's route reads the session itself (no requireAuth): the person is named here.
    const name = personName(user);
    await audit(tx, { account: inv.accountId, action: 'invitation.accept', target: { type: 'member', id: user.id, name }, actor: { type: 'user', id: user.id, name }, changes: { role: [null, inv.role] } });
    const row = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { tokenVersion: true } });
    return { accountId: inv.accountId, tokenVersion: row.tokenVersion };
  });
}

/**
 * Someone new: a user is made with the invitation's email and only this membership; they get no
 * account of their own, so signing in lands them in the team. An email that already has a user
 * is told to sign in first.
 */
export async function acceptAsNewPerson(ctx: AppContext, token: string, body: TAcceptNewRequest) {
  const now = ctx.clock();
  const passwordHash = await hashPassword(body.password);
  return emailTakenAsConflict(() => ctx.db.$transaction(async (tx) => {
    const inv = await openInvitation(tx, token, now);
    if (await tx.user.count({ where: { email: inv.email } })) {
      throw conflict('Bu e-posta adresiyle kayıtlı bir kullanıcı var. Daveti kabul etmek için önce giriş yapın.', ErrorCode.EMAIL_TAKEN);
    }
    await lockOwner(tx, inv.accountId);
    await assertSeatFree(tx, inv.accountId, now, 'join');
    const groups = await claim(tx, inv, now);
    const user = await tx.user.create({
      data: {
        email: inv.email, passwordHash, firstName: body.firstName, lastName: body.lastName, role: 'customer',
        memberships: { create: { accountId: inv.accountId, role: inv.role, groups } },
      },
    });
    // Nobody is signed in yet: the new person acts, with the link as their right.
    const name = personName(user);
    await audit(tx, { account: inv.accountId, action: 'invitation.accept', target: { type: 'member', id: user.id, name }, actor: { type: 'user', id: user.id, name }, changes: { role: [null, inv.role] } });
    return { user, accountId: inv.accountId };
  }));
}
