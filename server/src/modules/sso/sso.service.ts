import { randomBytes } from 'node:crypto';
import { ErrorCode, type TLoginSecondStep, type TSsoRequest, type TSsoSettings } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { Prisma } from '../../db/generated/client.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { openText, sealText, sha256Hex } from '../../http/sealed-secret.js';
import type { AuthAccount } from '../../http/request-types.js';
import { audit, changesOf, personTarget } from '../audit/audit.js';
import { lockOwner } from '../entitlements/limits.js';
import { assertSeatFree } from '../team/seats.js';
import { hashPassword } from '../auth/passwords.js';
import { signIn, type SignedIn } from '../auth/auth.service.js';
import type { SignInMeta } from '../auth/sessions.service.js';
import { issueTicket, twoFactorRequiredFor } from '../auth/two-factor.service.js';
import { authorizationUrl, discover, finishSignIn, redirectUriOf, ssoFailed } from './sso-provider.js';

/* Company sign-in (docs/architecture/sso.md): the account's settings, starting and finishing a sign-in. */

/** A started sign-in lives this long: the person signs in at their provider meanwhile. */
export const SSO_LOGIN_VALID_MINUTES = 10;

const secretKey = (ctx: AppContext) => ctx.tokens.derivedKey('sso-client-secret');
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** The account's stored settings with their domains in order, or null. */
const storedSso = (ctx: AppContext, accountId: string) =>
  ctx.db.ssoConfig.findUnique({ where: { accountId }, include: { account: { select: { ssoDomains: { orderBy: { domain: 'asc' } } } } } });

export async function getSso(ctx: AppContext, accountId: string): Promise<TSsoSettings> {
  const c = await storedSso(ctx, accountId);
  if (!c) return null;
  return {
    issuer: c.issuer, clientId: c.clientId, emailDomains: c.account.ssoDomains.map((d) => d.domain),
    defaultRole: c.defaultRole, required: c.required, redirectUri: redirectUriOf(ctx),
  };
}

/** What an event records of the settings (never the secret). */
const SSO_FIELDS = ['issuer', 'clientId', 'emailDomains', 'defaultRole', 'required'] as const;
const auditedSso = (c: { issuer: string; clientId: string; defaultRole: string; required: boolean }, emailDomains: string[]) =>
  ({ issuer: c.issuer, clientId: c.clientId, emailDomains, defaultRole: c.defaultRole, required: c.required });

const domainTaken = (domain: string) =>
  conflict(`'${domain}' alan adı başka bir hesabın kurumsal girişinde kullanılıyor. Bir alan adı yalnızca bir hesaba bağlanabilir.`);

/**
 * Saves the account's provider after discovering it (so a wrong or internal issuer is refused
 * before anything is stored). The secret is sealed; left out, the stored one stays.
 */
export async function saveSso(ctx: AppContext, account: AuthAccount, body: TSsoRequest): Promise<TSsoSettings> {
  const stored = await storedSso(ctx, account.id);
  if (!body.clientSecret && !stored) throw badRequest('İstemci sırrı (Client Secret) zorunludur', [{ path: 'clientSecret', message: 'İstemci sırrı (Client Secret) zorunludur' }]);
  const clientSecret = body.clientSecret ?? openText(secretKey(ctx), stored!.clientSecretSealed, () => badRequest(SECRET_LOST, [{ path: 'clientSecret', message: SECRET_LOST }]));
  const taken = await ctx.db.ssoDomain.findFirst({ where: { domain: { in: body.emailDomains }, accountId: { not: account.id } } });
  if (taken) throw domainTaken(taken.domain);
  await discover(ctx, { issuer: body.issuer, clientId: body.clientId, clientSecret });
  const data = { issuer: body.issuer, clientId: body.clientId, clientSecretSealed: sealText(secretKey(ctx), clientSecret), defaultRole: body.defaultRole, required: body.required };
  try {
    await ctx.db.$transaction(async (tx) => {
      await tx.ssoConfig.upsert({ where: { accountId: account.id }, create: { accountId: account.id, ...data }, update: data });
      await tx.ssoDomain.deleteMany({ where: { accountId: account.id } });
      await tx.ssoDomain.createMany({ data: body.emailDomains.map((domain) => ({ domain, accountId: account.id })) });
      const before = stored && auditedSso(stored, stored.account.ssoDomains.map((d) => d.domain));
      // The secret is never in the event: only that it changed.
      const changes = {
        ...changesOf(before, auditedSso(body, [...body.emailDomains].sort()), SSO_FIELDS),
        ...(body.clientSecret ? { clientSecretChanged: [null, true] as [null, true] } : {}),
      };
      await audit(tx, { account: account.id, action: stored ? 'sso.update' : 'sso.create', target: { type: 'sso', id: account.id, name: body.issuer }, changes });
    });
  } catch (err) {
    // Another account took the domain meanwhile.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw domainTaken(body.emailDomains.join(', '));
    throw err;
  }
  return getSso(ctx, account.id);
}

export async function deleteSso(ctx: AppContext, accountId: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const c = await tx.ssoConfig.findUnique({ where: { accountId } });
    if (!c) throw notFound('Kurumsal giriş ayarı');
    await tx.ssoDomain.deleteMany({ where: { accountId } });
    await tx.ssoLogin.deleteMany({ where: { accountId } });
    await tx.ssoConfig.delete({ where: { accountId } });
    await audit(tx, { account: accountId, action: 'sso.delete', target: { type: 'sso', id: accountId, name: c.issuer }, changes: { issuer: [c.issuer, null] } });
  });
}

/** The stored client secret, sealed under a key the server no longer has (JWT_SECRET rotated). */
const SECRET_LOST = 'Kayıtlı istemci sırrı okunamıyor (sunucunun gizli anahtarı değiştirilmiş). Lütfen istemci sırrını (Client Secret) yeniden girin.';

const notConfigured = () => ssoFailed('Bu e-posta adresinin alan adı için kurumsal giriş tanımlı değil. E-posta ve şifrenizle giriş yapın ya da hesap yöneticinize danışın.');

/** The account whose provider serves this email's domain, with its provider's settings. */
async function providerFor(ctx: AppContext, accountId: string) {
  const c = await ctx.db.ssoConfig.findUnique({ where: { accountId } });
  if (!c) throw notConfigured();
  const clientSecret = openText(secretKey(ctx), c.clientSecretSealed, () => new AppError(503, ErrorCode.SERVICE_UNAVAILABLE,
    "Kurumsal giriş şu anda kullanılamıyor: kayıtlı istemci sırrı okunamıyor (sunucunun gizli anahtarı değiştirilmiş). Hesap yöneticisinin Ekip sayfasındaki 'Kurumsal Giriş' ayarına istemci sırrını yeniden girmesi gerekiyor."));
  return { config: c, settings: { issuer: c.issuer, clientId: c.clientId, clientSecret } };
}

/** POST /api/auth/sso/start: the provider's address to send the person to; state, nonce and verifier stay here. */
export async function startSso(ctx: AppContext, email: string): Promise<{ url: string }> {
  const domain = await ctx.db.ssoDomain.findUnique({ where: { domain: domainOf(email) } });
  if (!domain) throw notConfigured();
  const { settings } = await providerFor(ctx, domain.accountId);
  const started = await authorizationUrl(ctx, await discover(ctx, settings), email);
  const now = ctx.clock();
  await ctx.db.$transaction([
    ctx.db.ssoLogin.deleteMany({ where: { expiresAt: { lt: now } } }),
    ctx.db.ssoLogin.create({
      data: {
        stateHash: sha256Hex(started.state), accountId: domain.accountId, email, nonce: started.nonce, codeVerifier: started.codeVerifier,
        expiresAt: new Date(now.getTime() + SSO_LOGIN_VALID_MINUTES * 60_000),
      },
    }),
  ]);
  return { url: started.url };
}

const stateInvalid = () => ssoFailed('Kurumsal giriş isteği geçersiz ya da daha önce kullanılmış. Lütfen giriş sayfasından yeniden başlatın.');

/**
 * GET /api/auth/sso/callback: the provider's answer, as the dashboard's /login/sso page received
 * it. The started sign-in is claimed once (deleted), then openid-client checks state, nonce, PKCE
 * and the ID token. A first sign-in makes the member with the default role (a seat must be free).
 * The answer is the password login's: the token, or the two-factor step.
 */
export async function finishSso(ctx: AppContext, query: URLSearchParams, meta: SignInMeta): Promise<SignedIn | TLoginSecondStep> {
  const state = query.get('state') ?? '';
  const stateHash = sha256Hex(state);
  const row = await ctx.db.ssoLogin.findUnique({ where: { stateHash } });
  if (!row) throw stateInvalid();
  const { count } = await ctx.db.ssoLogin.deleteMany({ where: { stateHash } });
  if (count !== 1) throw stateInvalid();
  if (row.expiresAt <= ctx.clock()) throw ssoFailed(`Kurumsal giriş isteğinin süresi doldu (${SSO_LOGIN_VALID_MINUTES} dakika). Lütfen yeniden başlatın.`);
  if (query.get('error')) throw ssoFailed(`Kimlik sağlayıcı girişi reddetti (${query.get('error')}). Lütfen yeniden deneyin ya da hesap yöneticinize danışın.`);
  const { settings, config } = await providerFor(ctx, row.accountId);
  const person = await finishSignIn(ctx, await discover(ctx, settings), query, { state, nonce: row.nonce, codeVerifier: row.codeVerifier });
  const own = await ctx.db.ssoDomain.findUnique({ where: { domain: domainOf(person.email) } });
  if (own?.accountId !== row.accountId) {
    throw ssoFailed(`Kimlik sağlayıcının bildirdiği adres (${person.email}) bu hesabın kurumsal girişine bağlı bir alan adında değil.`);
  }
  const userId = await memberFor(ctx, row.accountId, config.defaultRole, person);
  const { totpEnabledAt } = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpEnabledAt: true } });
  // The step's ticket names the company's account: done, the sign-in opens it, as without the step.
  if (totpEnabledAt) return { twoFactorRequired: true, ticket: await issueTicket(ctx, userId, 'verify', row.accountId) };
  if (await twoFactorRequiredFor(ctx.db, userId)) return { twoFactorSetupRequired: true, ticket: await issueTicket(ctx, userId, 'setup', row.accountId) };
  return signIn(ctx, userId, meta, row.accountId);
}

/** The person's user id, made a member of the account (with the default role) when they are not yet one. */
async function memberFor(ctx: AppContext, accountId: string, role: AuthAccount['role'], person: { email: string; firstName: string | null; lastName: string | null }): Promise<string> {
  const existing = await ctx.db.user.findUnique({ where: { email: person.email }, select: { id: true, memberships: { where: { accountId }, select: { id: true } } } });
  if (existing && existing.memberships.length > 0) return existing.id;
  // Nobody knows this password: the person signs in through their provider.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const now = ctx.clock();
  try {
    return await ctx.db.$transaction(async (tx) => {
      await lockOwner(tx, accountId);
      const user = await tx.user.findUnique({ where: { email: person.email }, select: { id: true } })
        ?? await tx.user.create({ data: { email: person.email, passwordHash, firstName: person.firstName, lastName: person.lastName, role: 'customer' }, select: { id: true } });
      if (await tx.membership.count({ where: { accountId, userId: user.id } })) return user.id;
      await assertSeatFree(tx, accountId, now, 'join');
      await tx.membership.create({ data: { accountId, userId: user.id, role } });
      const target = await personTarget(tx, 'member', user.id);
      await audit(tx, { account: accountId, action: 'sso.join', target, actor: { type: 'user', id: user.id, name: target.name ?? person.email }, changes: { role: [null, role] } });
      return user.id;
    });
  } catch (err) {
    // The same person's two first sign-ins at once: the other one made them.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      const again = await ctx.db.membership.findFirst({ where: { accountId, user: { email: person.email } }, select: { userId: true } });
      if (again) return again.userId;
    }
    throw err;
  }
}
