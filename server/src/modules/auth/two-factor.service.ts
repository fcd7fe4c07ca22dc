import { createHmac, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { ErrorCode } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { openText, sealText, sha256Hex } from '../../http/sealed-secret.js';
import { audit, auditPerson } from '../audit/audit.js';
import { assertOwnPassword } from './passwords.js';
import { personName } from '../../http/audit-context.js';

/*
 * Two-factor sign-in with TOTP (RFC 6238; docs/architecture/two-factor.md). The codes come from
 * otplib and the QR picture from qrcode, both on the server: the browser bundle carries neither.
 */

export const TICKET_VALID_MINUTES = 5;
export const TICKET_MAX_FAILURES = 5;
/** Wrong codes a person's sign-ins may send in USER_FAILURE_WINDOW_MINUTES, however many tickets a known password fetches. */
export const USER_MAX_FAILURES = 10;
export const USER_FAILURE_WINDOW_MINUTES = 15;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Pano';
const PERIOD_S = 30;

const codeInvalid = () => new AppError(400, ErrorCode.TWO_FACTOR_CODE_INVALID,
  'Doğrulama kodu hatalı. Kimlik doğrulama uygulamanızdaki güncel kodu ya da kullanılmamış bir kurtarma kodunu girin.');
const ticketInvalid = () => new AppError(401, ErrorCode.LOGIN_TICKET_INVALID,
  'Bu giriş adımı geçersiz ya da kullanılmış. Lütfen e-posta ve şifrenizle yeniden giriş yapın.');
const ticketExpired = () => new AppError(401, ErrorCode.LOGIN_TICKET_INVALID,
  `Giriş adımının süresi doldu (${TICKET_VALID_MINUTES} dakika). Lütfen e-posta ve şifrenizle yeniden giriş yapın.`);
const userLocked = () => new AppError(429, ErrorCode.LOGIN_TICKET_LOCKED,
  `Son ${USER_FAILURE_WINDOW_MINUTES} dakikada çok fazla hatalı doğrulama kodu girildi; güvenliğiniz için iki adımlı girişiniz bir süre durduruldu. ${USER_FAILURE_WINDOW_MINUTES} dakika sonra yeniden deneyin.`);
const ticketLocked = () => new AppError(429, ErrorCode.LOGIN_TICKET_LOCKED,
  `Doğrulama kodu ${TICKET_MAX_FAILURES} kez hatalı girildi; bu giriş denemesi kilitlendi. Lütfen e-posta ve şifrenizle yeniden giriş yapın.`);

/** The TOTP secret at rest: AES-256-GCM under a key derived from the server's signing secret. */
const sealSecret = (ctx: AppContext, secret: string) => sealText(ctx.tokens.derivedKey('totp-secret'), secret);
const openSecret = (ctx: AppContext, sealed: string) => openText(ctx.tokens.derivedKey('totp-secret'), sealed, () => new AppError(503, ErrorCode.SERVICE_UNAVAILABLE,
  'İki adımlı doğrulama anahtarınız şu anda okunamıyor: sunucunun gizli anahtarı (JWT_SECRET) değiştirilmiş. Sunucu yöneticisinin önceki anahtarı geri yüklemesi gerekiyor; kodunuz ve kurtarma kodlarınız ancak o zaman çalışır.'));

/** Recovery codes are stored as an HMAC: a copy of the database alone cannot try them offline. */
const recoveryHash = (ctx: AppContext, code: string) =>
  // A machine code of ASCII letters and digits: Turkish casing would turn 'i' into 'İ'.
  // eslint-disable-next-line no-restricted-syntax
  createHmac('sha256', ctx.tokens.derivedKey('recovery-code')).update(code.toUpperCase()).digest('hex');

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 'ABCDE-FGHJK': 50 random bits, no 0/O or 1/I to confuse. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * The 30 s step `code` is valid for now or in the step before (a code typed as it changed), or
 * null. otplib computes it; `epoch` comes from the app's clock, so tests move time instead of waiting.
 */
async function totpStep(ctx: AppContext, secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(ctx.clock().getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, period: PERIOD_S, epochTolerance: [PERIOD_S, 0] });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Claims `step` for the user: a code already used (its step or a later one) is refused, also when two race. */
async function claimStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const { count } = await db.user.updateMany({
    where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}

/** A TOTP code of the enabled secret, or one of the unused recovery codes (used up by this call). */
export async function acceptSecondFactor(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: { totpSecret: true, totpEnabledAt: true } });
  if (!user?.totpSecret || !user.totpEnabledAt) return false;
  const step = await totpStep(ctx, openSecret(ctx, user.totpSecret), code);
  if (step !== null) return claimStep(ctx.db, userId, step);
  if (/^\d{6}$/.test(code)) return false;
  const { count } = await ctx.db.recoveryCode.updateMany({
    where: { userId, codeHash: recoveryHash(ctx, code), usedAt: null }, data: { usedAt: ctx.clock() },
  });
  return count === 1;
}

/**
 * For a step that needs more than the session (deleting the account): with two-factor on, a
 * valid code too (400 without one or with a wrong one), as turning two-factor off asks.
 */
export async function assertSecondFactorIfOn(ctx: AppContext, userId: string, code: string | undefined): Promise<void> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpEnabledAt: true } });
  if (!user.totpEnabledAt) return;
  if (!code) throw badRequest('Doğrulama kodu zorunludur');
  if (!(await acceptSecondFactor(ctx, userId, code))) throw codeInvalid();
}

/** Whether any account the user is a member of asks its members for two-factor sign-in. */
export async function twoFactorRequiredFor(db: DbOrTx, userId: string): Promise<boolean> {
  return (await db.membership.count({ where: { userId, account: { twoFactorRequired: true } } })) > 0;
}

export async function twoFactorStatus(ctx: AppContext, userId: string) {
  const [user, required, recoveryCodesLeft] = await Promise.all([
    ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpEnabledAt: true } }),
    twoFactorRequiredFor(ctx.db, userId),
    ctx.db.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  return { enabled: Boolean(user.totpEnabledAt), required, recoveryCodesLeft };
}

/** A new pending secret (replacing an earlier pending one): its otpauth:// link and QR picture. */
export async function setupTwoFactor(ctx: AppContext, userId: string) {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, totpEnabledAt: true } });
  if (user.totpEnabledAt) throw conflict('İki adımlı doğrulama zaten açık. Yeniden kurmak için önce kapatın.');
  const secret = generateSecret();
  await ctx.db.user.update({ where: { id: userId }, data: { totpPendingSecret: sealSecret(ctx, secret) } });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret, period: PERIOD_S });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrSvg };
}

/**
 * Turns the pending secret on with a first code from it, and answers the ten recovery codes,
 * shown once: only their HMAC is kept.
 */
export async function enableTwoFactor(ctx: AppContext, userId: string, code: string): Promise<string[]> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpPendingSecret: true, totpEnabledAt: true } });
  if (user.totpEnabledAt) throw conflict('İki adımlı doğrulama zaten açık.');
  if (!user.totpPendingSecret) throw conflict('Önce QR kodunu oluşturun ve kimlik doğrulama uygulamanıza ekleyin.');
  const step = await totpStep(ctx, openSecret(ctx, user.totpPendingSecret), code);
  if (step === null) throw codeInvalid();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId, totpEnabledAt: null, totpPendingSecret: user.totpPendingSecret },
      data: { totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: ctx.clock(), totpLastStep: step },
    });
    if (count !== 1) throw conflict('İki adımlı doğrulama bu sırada değişti. Sayfayı yenileyip yeniden deneyin.');
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: recoveryHash(ctx, c.replace('-', '')) })) });
    await auditPerson(tx, userId, 'user.twoFactorEnable', { twoFactor: [false, true] });
  });
  return codes;
}

export async function disableTwoFactor(ctx: AppContext, userId: string, code: string): Promise<void> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpEnabledAt: true } });
  if (!user.totpEnabledAt) throw conflict('İki adımlı doğrulama zaten kapalı.');
  if (await twoFactorRequiredFor(ctx.db, userId)) {
    throw conflict('Üyesi olduğunuz bir hesap iki adımlı doğrulamayı zorunlu tutuyor; kapatılamaz.');
  }
  if (!(await acceptSecondFactor(ctx, userId, code))) throw codeInvalid();
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await auditPerson(tx, userId, 'user.twoFactorDisable', { twoFactor: [true, false] });
  });
}

/**
 * A platform administrator's reset for a person who lost their phone and their recovery codes
 * (docs/architecture/two-factor.md#support-reset): the secret, the recovery codes and any sign-in
 * waiting for a code go; the event, by the administrator, goes into the platform's chain and each
 * of the person's accounts. 404 for an unknown email, 409 when two-factor is off.
 */
export async function resetTwoFactor(ctx: AppContext, adminId: string, body: { email: string; password: string; code?: string }): Promise<string> {
  await assertOwnPassword(ctx.db, adminId, body.password, 'Şifre hatalı. Sıfırlamak için kendi şifrenizi girin.');
  await assertSecondFactorIfOn(ctx, adminId, body.code);
  const email = body.email;
  return ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE email = ${email} FOR UPDATE`;
    const user = rows[0] && await tx.user.findUniqueOrThrow({
      where: { id: rows[0].id }, select: { id: true, email: true, firstName: true, lastName: true, totpEnabledAt: true, memberships: { select: { accountId: true } } },
    });
    if (!user) throw notFound('Kullanıcı');
    // One's own goes through 'Kapat' with a code, as everyone's does.
    if (user.id === adminId) throw conflict("Kendi iki adımlı doğrulamanızı buradan sıfırlayamazsınız; Ayarlar'daki 'Kapat' ile kapatın.");
    if (!user.totpEnabledAt) throw conflict('Bu kullanıcıda iki adımlı doğrulama zaten kapalı.');
    await tx.user.update({ where: { id: user.id }, data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.loginTicket.deleteMany({ where: { userId: user.id } });
    const target = { type: 'user', id: user.id, name: personName(user) };
    const chains = [null, ...[...new Set(user.memberships.map((m) => m.accountId))].sort()];
    for (const account of chains) await audit(tx, { account, action: 'user.twoFactorReset', target, changes: { twoFactor: [true, false] } });
    return user.id;
  });
}

/**
 * The step after a right password or a company sign-in: `verify` (enter a code) or `setup` (set
 * two-factor up first). `accountId`: the account the sign-in opens once the step is done (a
 * company sign-in's); without one, the person's first, as a password sign-in opens.
 */
export async function issueTicket(ctx: AppContext, userId: string, kind: 'verify' | 'setup', accountId?: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  const expiresAt = new Date(now.getTime() + TICKET_VALID_MINUTES * 60_000);
  // The person's tickets past use and past the failure window count for nothing any more: they go.
  await ctx.db.loginTicket.deleteMany({ where: { userId, createdAt: { lt: new Date(now.getTime() - USER_FAILURE_WINDOW_MINUTES * 60_000) }, expiresAt: { lt: now } } });
  await ctx.db.loginTicket.create({ data: { tokenHash: sha256Hex(ticket), userId, kind, accountId: accountId ?? null, expiresAt, createdAt: now } });
  return ticket;
}

/** Whose sign-in a ticket continues, and the account it opens (undefined: the person's first). */
export type TicketHolder = { userId: string; accountId: string | undefined };

/** The holder of a live ticket of `kind`; refuses a used, expired or locked one. */
export async function ticketHolder(ctx: AppContext, ticket: string, kind: 'verify' | 'setup'): Promise<TicketHolder> {
  const row = await ctx.db.loginTicket.findUnique({ where: { tokenHash: sha256Hex(ticket) } });
  if (!row || row.usedAt || row.kind !== kind) throw ticketInvalid();
  if (row.expiresAt <= ctx.clock()) throw ticketExpired();
  if (row.failures >= TICKET_MAX_FAILURES) throw ticketLocked();
  return { userId: row.userId, accountId: row.accountId ?? undefined };
}

/**
 * Spends one attempt of the ticket on `check`. The attempt claims the ticket (used, one failure
 * more) before the code is tried, so parallel guesses cannot pass the limit, and a second code
 * sent at once (two recovery codes) is refused before it is spent rather than after; a right
 * code gives the failure back and keeps the ticket used, a wrong one frees it for the next try.
 * Answers the ticket's holder.
 */
export async function attemptWithTicket(ctx: AppContext, ticket: string, kind: 'verify' | 'setup',
  check: (userId: string) => Promise<boolean>): Promise<TicketHolder> {
  const tokenHash = sha256Hex(ticket);
  const holder = await ticketHolder(ctx, ticket, kind);
  const claimedAt = ctx.clock();
  // Each right password gets a new ticket: the person's recent wrong codes are counted across them,
  // under the person's row lock, so attempts on many tickets at once cannot all pass the count.
  const since = new Date(claimedAt.getTime() - USER_FAILURE_WINDOW_MINUTES * 60_000);
  const count = await ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${holder.userId} FOR UPDATE`;
    const recent = await tx.loginTicket.aggregate({ where: { userId: holder.userId, createdAt: { gte: since } }, _sum: { failures: true } });
    if ((recent._sum.failures ?? 0) >= USER_MAX_FAILURES) throw userLocked();
    return (await tx.loginTicket.updateMany({
      where: { tokenHash, usedAt: null, failures: { lt: TICKET_MAX_FAILURES } }, data: { usedAt: claimedAt, failures: { increment: 1 } },
    })).count;
  });
  if (count !== 1) {
    await ticketHolder(ctx, ticket, kind); // says which: used (by an attempt under way too) or locked
    throw ticketLocked();
  }
  let passed = false;
  try {
    passed = await check(holder.userId);
  } catch (err) {
    // Not a wrong code (the secret unreadable, a conflict): the attempt is given back whole.
    await ctx.db.loginTicket.updateMany({ where: { tokenHash, usedAt: claimedAt }, data: { usedAt: null, failures: { decrement: 1 } } });
    throw err;
  }
  if (!passed) {
    await ctx.db.loginTicket.updateMany({ where: { tokenHash, usedAt: claimedAt }, data: { usedAt: null } });
    const row = await ctx.db.loginTicket.findUnique({ where: { tokenHash }, select: { failures: true } });
    if ((row?.failures ?? TICKET_MAX_FAILURES) >= TICKET_MAX_FAILURES) throw ticketLocked();
    throw codeInvalid();
  }
  // Still ours: a logout, new password or support reset meanwhile deleted it, and ended this sign-in.
  const kept = await ctx.db.loginTicket.updateMany({ where: { tokenHash, usedAt: claimedAt }, data: { failures: { decrement: 1 } } });
  if (kept.count !== 1) throw ticketInvalid();
  return holder;
}

export { codeInvalid };
