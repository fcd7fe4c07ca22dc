import { timingSafeEqual, createHash } from 'node:crypto';
import { ErrorCode, type TAdminRegisterRequest, type TLoginRequest, type TLoginSecondStep, type TRegisterRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, conflict, forbidden } from '../../http/errors.js';
import { Prisma } from '../../db/generated/client.js';
import { afterAccountDeleted, deleteAccountRows, type DeletedAccount } from '../account-deletion/delete-account.js';
import { lockOwner } from '../entitlements/limits.js';
import { newOwnAccount, withOwnAccount } from '../accounts/own-account.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { audit, auditNewUser, auditPerson } from '../audit/audit.js';
import { auditRequest } from '../../http/audit-context.js';
import { openSession, signSessionToken, type SignInMeta } from './sessions.service.js';
import { issueTicket, twoFactorRequiredFor } from './two-factor.service.js';
import { assertPasswordAllowed } from './sso-required.js';

const INVALID_LOGIN = 'Email veya şifre hatalı';
const LAST_ADMIN = 'Sistemdeki son admin hesabı silinemez. Önce başka bir admin hesabı oluşturun, sonra bu hesabı silin.';

/**
 * The right password. With two-factor on, or asked for by one of the person's accounts and not
 * yet set up, the answer is a ticket for that step instead of the token (docs/PRODUCT.md#two-factor).
 */
export async function login(ctx: AppContext, body: TLoginRequest, meta: SignInMeta): Promise<SignedIn | TLoginSecondStep> {
  await assertPasswordAllowed(ctx.db, body.email);
  const user = await ctx.db.user.findUnique({ where: { email: body.email } });
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), body.password);
  if (!user || !ok) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, INVALID_LOGIN);
  if (user.totpEnabledAt) return { twoFactorRequired: true, ticket: await issueTicket(ctx, user.id, 'verify') };
  if (await twoFactorRequiredFor(ctx.db, user.id)) return { twoFactorSetupRequired: true, ticket: await issueTicket(ctx, user.id, 'setup') };
  return signIn(ctx, user.id, meta);
}

/** A sign-in's token, user and account, for the routes to present (auth.presenter.ts presentSignedIn). */
export type SignedIn = Awaited<ReturnType<typeof signIn>>;

/**
 * Signing in opens a session (docs/architecture/sessions.md) in the person's first account (their
 * own, unless they left it), or in `accountId` (company sign-in); a person left in no account gets
 * a fresh one of their own, as at registration (docs/architecture/accounts.md#sessions).
 */
export async function signIn(ctx: AppContext, userId: string, meta: SignInMeta, accountId?: string) {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId } });
  const account = (await firstAccountOf(ctx.db, user.id, accountId)) ?? (await ownAccountAfterAll(ctx, user));
  const sessionId = await openSession(ctx, user.id, meta);
  return { token: await signSessionToken(ctx, user.id, user.tokenVersion, account.id, sessionId), user, account };
}

/** Under the user's row lock, so two logins at once make one account, not two. */
const ownAccountAfterAll = (ctx: AppContext, user: { id: string; email: string; firstName: string | null; lastName: string | null }) =>
  ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`;
    return (await firstAccountOf(tx, user.id)) ?? { ...(await newOwnAccount(tx, user)), groupIds: [] };
  });

/**
 * The account a person works in: `accountId` when they are its member (a company sign-in names
 * it), else, when nothing says which, the one they joined first.
 */
export async function firstAccountOf(db: DbOrTx, userId: string, accountId?: string) {
  const m = await db.membership.findFirst({
    where: { userId, ...(accountId ? { accountId } : {}) }, orderBy: { createdAt: 'asc' },
    select: { role: true, account: { select: { id: true, name: true } }, groups: { select: { groupId: true } } },
  });
  return m && { ...m.account, role: m.role, groupIds: m.groups.map((g) => g.groupId) };
}

type NewUser = { email: string; password: string; firstName?: string; lastName?: string; role: 'customer' | 'admin' };

/** A new user's row, with the account of their own they own (docs/architecture/accounts.md). */
export async function newUserRow(input: NewUser) {
  return withOwnAccount({
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    role: input.role,
  });
}

/** A unique-email violation is the customer's problem (409), not the server's. */
export async function emailTakenAsConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw conflict('Bu e-posta adresi zaten kayıtlı', ErrorCode.EMAIL_TAKEN);
    }
    throw err;
  }
}

export async function createUser(ctx: Pick<AppContext, 'db'>, input: NewUser) {
  const data = await newUserRow(input);
  return emailTakenAsConflict(() => ctx.db.$transaction(async (tx) => {
    const user = await tx.user.create({ data });
    // Setup links are valid until the first admin exists, however that admin is made.
    if (input.role === 'admin') await tx.adminSetupToken.deleteMany({});
    await auditNewUser(tx, user);
    return user;
  }));
}

export const registerCustomer = (ctx: AppContext, body: TRegisterRequest) => createUser(ctx, { ...body, role: 'customer' });

/** Constant-time comparison that also hides the key's length. */
function keysMatch(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export async function registerAdmin(ctx: AppContext, body: TAdminRegisterRequest) {
  const expected = ctx.config.adminRegistrationKey;
  if (!expected) {
    throw new AppError(403, ErrorCode.ADMIN_REGISTRATION_CLOSED,
      'Admin kaydı bu sunucuda kapalı. İlk yönetici, sunucunun başlarken yazdığı kurulum bağlantısıyla ya da "npm run create-admin" komutuyla oluşturulur; başka yöneticiler için ADMIN_REGISTRATION_KEY ayarlanmalıdır.');
  }
  if (!keysMatch(body.adminKey, expected)) throw new AppError(403, ErrorCode.INVALID_ADMIN_KEY, 'Geçersiz admin anahtarı');
  return createUser(ctx, { ...body, role: 'admin' });
}

/**
 * Locks every admin row, in id order, before counting them. Two admins leaving at once
 * then queue on the same first row: the second sees the first one's row gone (READ
 * COMMITTED skips a row deleted while it waited) and is refused as the last admin. A
 * count without the lock would let both pass, and a lock on one's own row first would
 * deadlock the pair.
 */
async function lockAdmins(tx: DbOrTx): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`;
  return rows.map((r) => r.id);
}

/**
 * The accounts the admin alone owns go with them (docs/architecture/accounts.md#deleting-the-account):
 * found by ownership, never by the admin's id (they may have handed that account on), and each
 * checked again under its lock. An account with another owner stays, without them. Their rows
 * cascade; files, screenshots and sockets follow the commit (delete-account.ts).
 */
export async function deleteOwnAdminAccount(ctx: AppContext, userId: string) {
  const deleted = await ctx.db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { role: true } });
    if (!user || user.role !== 'admin') throw forbidden('Yalnızca admin hesapları bu yolla silinebilir');
    const admins = await lockAdmins(tx);
    // Not among them: deleted by a parallel request of its own while this one waited.
    if (!admins.includes(userId)) throw forbidden('Yalnızca admin hesapları bu yolla silinebilir');
    if (admins.length === 1) throw conflict(LAST_ADMIN, ErrorCode.LAST_ADMIN);
    const owned = await tx.membership.findMany({ where: { userId, role: 'owner' }, select: { accountId: true }, orderBy: { accountId: 'asc' } });
    const rows: DeletedAccount[] = [];
    for (const { accountId } of owned) {
      await lockOwner(tx, accountId);
      // Read under the lock: a transfer may have just handed it on, or made a second owner.
      const owners = await tx.membership.findMany({ where: { accountId, role: 'owner' }, select: { userId: true } });
      if (owners.length === 1 && owners[0]!.userId === userId) rows.push(await deleteAccountRows(tx, accountId, ctx.clock()));
    }
    await tx.user.delete({ where: { id: userId } });
    await audit(tx, { account: null, action: 'admin.delete', target: { type: 'admin', id: userId, name: auditRequest().actor.name } });
    return rows;
  });
  // Its sockets in every account are cut once here; its token already fails (no user row).
  // The other members of its accounts are told by afterAccountDeleted.
  ctx.connections.userSignedOut(userId);
  for (const rows of deleted) await afterAccountDeleted(ctx, { ...rows, memberIds: rows.memberIds.filter((id) => id !== userId) });
}

/**
 * docs/PRODUCT.md#session: logging out raises the user's token version, so every token issued
 * before (this browser's and any copy of it) is refused from the next request on, and the
 * user's open sockets are cut. All of the user's sessions end together: "log out" on a shared or
 * lost computer must not leave another one alive. Their rows go too, so the list is empty.
 */
export async function logout(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    await tx.user.updateMany({ where: { id: userId }, data: { tokenVersion: { increment: 1 } } });
    const { count } = await tx.userSession.deleteMany({ where: { userId } });
    // And sign-ins halfway, waiting for a second factor (docs/architecture/sessions.md).
    await tx.loginTicket.deleteMany({ where: { userId } });
    await auditPerson(tx, userId, 'user.logout', { sessions: [count, 0] });
  });
  ctx.connections.userSignedOut(userId);
}
