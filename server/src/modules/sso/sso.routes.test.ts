import { randomBytes, randomUUID } from 'node:crypto';
import { sealText } from '../../http/sealed-secret.js';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, newMember, type TestApp, type TestUser } from '../../../test/harness.js';
import { startOidcServer, type OidcServer } from '../../../test/oidc-server.js';

/*
 * Company sign-in (docs/architecture/sso.md) against a real OpenID provider (oidc-provider) on a
 * local port: the app reaches it over http because FETCH_ALLOW_PRIVATE=1, as an intranet
 * provider would be reached.
 */
const PUBLIC_URL = 'http://pano.test';
let t: TestApp;
let idp: OidcServer;
beforeAll(async () => {
  idp = await startOidcServer(`${PUBLIC_URL}/login/sso`);
  t = await createTestApp({ config: { fetchAllowPrivate: true, publicUrl: PUBLIC_URL } });
});
afterAll(async () => { await t.close(); await idp.close(); });

const newDomain = () => `h${randomUUID().slice(0, 8)}.com.tr`;

async function hospital(opts: { required?: boolean; defaultRole?: string } = {}) {
  const owner = await newCustomer(t, { maxMembers: 5 });
  const domain = newDomain();
  const res = await t.http.put('/api/team/sso').set(owner.auth).send({
    issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domain],
    defaultRole: opts.defaultRole ?? 'editor', required: opts.required ?? false,
  }).expect(200);
  return { owner, domain, settings: res.body };
}

/** The browser's walk: start, the provider, back to /login/sso, whose query the page hands to the callback. */
async function signInThrough(email: string, tamper?: (url: URL) => void) {
  idp.signInAs({ sub: `sub-${email}`, email, email_verified: true, given_name: 'Ayşe', family_name: 'Yılmaz' });
  const start = await t.http.post('/api/auth/sso/start').send({ email }).expect(200);
  const url = new URL(start.body.url as string);
  tamper?.(url);
  const back = await idp.authorize(url.href);
  return { back, callback: () => t.http.get(`/api/auth/sso/callback${back.search}`) };
}

const accountOf = async (u: TestUser) => (await t.ctx.db.membership.findFirstOrThrow({ where: { userId: u.id, role: 'owner' } })).accountId;

describe('company sign-in', () => {
  it('runs the code flow with PKCE, creates the member with the default role and signs them in', async () => {
    const { owner, domain } = await hospital({ defaultRole: 'publisher' });
    const email = `ayse@${domain}`;
    const { back, callback } = await signInThrough(email);
    expect(back.searchParams.get('code')).toBeTruthy();
    const res = await callback().expect(200);
    expect(res.body).toEqual({ token: expect.any(String), user: expect.objectContaining({ email, firstName: 'Ayşe', account: expect.objectContaining({ _id: await accountOf(owner), role: 'publisher' }) }) });
    // The token works like a password login's: a session row and the account's pages.
    const me = await t.http.get('/api/auth/verify').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(me.body.user.account.role).toBe('publisher');
    const user = await t.ctx.db.user.findUniqueOrThrow({ where: { email } });
    expect(await t.ctx.db.userSession.count({ where: { userId: user.id } })).toBe(1);
    // A second sign-in finds the member: no second user or membership.
    await (await signInThrough(email)).callback().expect(200);
    expect(await t.ctx.db.membership.count({ where: { userId: user.id } })).toBe(1);
    // The start's state is single use: the same answer again is refused.
    const again = await t.http.get(`/api/auth/sso/callback${back.search}`).expect(400);
    expect(again.body.message).toMatch(/geçersiz ya da daha önce kullanılmış/);
  });

  it('asks for the second factor when the person has it on, as the password login does', async () => {
    const { domain } = await hospital();
    const email = `tfa@${domain}`;
    await (await signInThrough(email)).callback().expect(200);
    await t.ctx.db.user.update({ where: { email }, data: { totpEnabledAt: new Date(), totpSecret: 'x' } });
    const res = await (await signInThrough(email)).callback().expect(200);
    expect(res.body).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
  });

  it("the second-factor step, once done, opens the company's account, not the person's first one", async () => {
    const { owner, domain } = await hospital();
    const hospitalId = await accountOf(owner);
    const email = `ikinci@${domain}`;
    await (await signInThrough(email)).callback().expect(200);
    const user = await t.ctx.db.user.findUniqueOrThrow({ where: { email } });
    // The person joined another account before: a password sign-in would open that one.
    const other = await newCustomer(t);
    await t.ctx.db.membership.create({ data: { accountId: await accountOf(other), userId: user.id, role: 'viewer', createdAt: new Date(0) } });
    await t.ctx.db.account.update({ where: { id: hospitalId }, data: { twoFactorRequired: true } });

    const step = await (await signInThrough(email)).callback().expect(200);
    expect(step.body).toEqual({ twoFactorSetupRequired: true, ticket: expect.any(String) });
    const { ticket } = step.body as { ticket: string };
    const setup = await t.http.post('/api/auth/2fa/setup').send({ ticket }).expect(200);
    const secret = new URL(setup.body.otpauthUrl as string).searchParams.get('secret')!;
    const done = await t.http.post('/api/auth/2fa/enable').send({ ticket, code: await generate({ secret }) }).expect(200);
    expect(done.body.user.account._id).toBe(hospitalId);
    const me = await t.http.get('/api/auth/verify').set('Authorization', `Bearer ${done.body.token}`).expect(200);
    expect(me.body.user.account._id).toBe(hospitalId);
  });

  it('refuses a wrong state and creates nothing', async () => {
    const { domain } = await hospital();
    const email = `state@${domain}`;
    const { back } = await signInThrough(email);
    back.searchParams.set('state', 'forged-state');
    const res = await t.http.get(`/api/auth/sso/callback${back.search}`).expect(400);
    expect(res.body.message).toMatch(/Kurumsal giriş isteği geçersiz/);
    expect(await t.ctx.db.user.count({ where: { email } })).toBe(0);
  });

  it('refuses a wrong nonce in the ID token and creates nothing', async () => {
    const { domain } = await hospital();
    const email = `nonce@${domain}`;
    // The provider is asked with another nonce than the one the server keeps: its ID token carries that one.
    const { callback } = await signInThrough(email, (url) => url.searchParams.set('nonce', 'not-the-servers-nonce'));
    const res = await callback().expect(400);
    expect(res.body.message).toMatch(/Kimlik sağlayıcının yanıtı doğrulanamadı \(kimlik belirtecinde nonce uyuşmuyor\)/);
    expect(await t.ctx.db.user.count({ where: { email } })).toBe(0);
  });

  it('refuses a code sent with another PKCE challenge', async () => {
    const { domain } = await hospital();
    const email = `pkce@${domain}`;
    const { callback } = await signInThrough(email, (url) => url.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'));
    const res = await callback().expect(400);
    expect(res.body.message).toMatch(/doğrulanamadı \(sağlayıcı: invalid_grant\)/);
    expect(await t.ctx.db.user.count({ where: { email } })).toBe(0);
  });

  it('refuses a domain not configured', async () => {
    const res = await t.http.post('/api/auth/sso/start').send({ email: `kim@${newDomain()}` }).expect(400);
    expect(res.body.message).toMatch(/kurumsal giriş tanımlı değil/);
  });

  it('refuses an address the provider gives outside the account\'s domains', async () => {
    const { domain } = await hospital();
    idp.signInAs({ sub: 'other', email: `x@${newDomain()}`, email_verified: true });
    const start = await t.http.post('/api/auth/sso/start').send({ email: `y@${domain}` }).expect(200);
    const back = await idp.authorize(start.body.url as string);
    const res = await t.http.get(`/api/auth/sso/callback${back.search}`).expect(400);
    expect(res.body.message).toMatch(/alan adında değil/);
  });

  it('respects the seats: a full account takes nobody new', async () => {
    const owner = await newCustomer(t, { maxMembers: 1 });
    const domain = newDomain();
    await t.http.put('/api/team/sso').set(owner.auth).send({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domain], defaultRole: 'viewer', required: false }).expect(200);
    const email = `full@${domain}`;
    await (await signInThrough(email)).callback().expect(402);
    expect(await t.ctx.db.membership.count({ where: { user: { email } } })).toBe(0);
  });

  it('when required, refuses the password login, reset and change for its domains', async () => {
    const { domain } = await hospital({ required: true });
    const email = `sifre@${domain}`;
    const signedIn = await (await signInThrough(email)).callback().expect(200);
    const change = await t.http.post('/api/auth/password').set('Authorization', `Bearer ${signedIn.body.token}`)
      .send({ currentPassword: 'whatever1', newPassword: 'Yeni-sifre-123' }).expect(403);
    expect(change.body.code).toBe('SSO_REQUIRED');
    const res = await t.http.post('/api/auth/login').send({ email, password: 'whatever1' }).expect(403);
    expect(res.body).toMatchObject({ code: 'SSO_REQUIRED', message: expect.stringMatching(/Kurumsal hesapla giriş/) });
    const user = await t.ctx.db.user.findUniqueOrThrow({ where: { email } });
    const { createHash } = await import('node:crypto');
    await t.ctx.db.passwordResetToken.create({ data: { tokenHash: createHash('sha256').update('tok-sso').digest('hex'), userId: user.id, expiresAt: new Date(Date.now() + 60_000) } });
    const reset = await t.http.post('/api/auth/reset-password').send({ token: 'tok-sso', password: 'Yeni-sifre-123' }).expect(403);
    expect(reset.body.code).toBe('SSO_REQUIRED');
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { email } })).passwordHash).toBe(user.passwordHash);
  });
});

describe('the settings', () => {
  it('a secret sealed under another signing secret (JWT_SECRET rotated): sign-in is a Turkish 503, saving asks for it again', async () => {
    const { owner, domain } = await hospital();
    const accountId = await accountOf(owner);
    await t.ctx.db.ssoConfig.update({ where: { accountId }, data: { clientSecretSealed: sealText(randomBytes(32), 'eski-sir') } });
    const start = await t.http.post('/api/auth/sso/start').send({ email: `ayse@${domain}` });
    expect([start.status, start.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(start.body.message).toMatch(/istemci sırrını yeniden girmesi gerekiyor/);
    const body = { issuer: idp.issuer, clientId: idp.clientId, emailDomains: [domain], defaultRole: 'editor', required: false };
    const again = await t.http.put('/api/team/sso').set(owner.auth).send(body).expect(400);
    expect(again.body.message).toBe('Kayıtlı istemci sırrı okunamıyor (sunucunun gizli anahtarı değiştirilmiş). Lütfen istemci sırrını (Client Secret) yeniden girin.');
    await t.http.put('/api/team/sso').set(owner.auth).send({ ...body, clientSecret: idp.clientSecret }).expect(200);
    await t.http.post('/api/auth/sso/start').send({ email: `ayse@${domain}` }).expect(200);
  });

  it('never answers nor records the secret, and keeps it sealed', async () => {
    const { owner, domain, settings } = await hospital();
    expect(settings).toEqual({ issuer: idp.issuer, clientId: idp.clientId, emailDomains: [domain], defaultRole: 'editor', required: false, redirectUri: `${PUBLIC_URL}/login/sso` });
    const got = await t.http.get('/api/team/sso').set(owner.auth).expect(200);
    const changed = await t.http.put('/api/team/sso').set(owner.auth).send({ issuer: idp.issuer, clientId: idp.clientId, emailDomains: [domain], defaultRole: 'viewer', required: true }).expect(200);
    const accountId = await accountOf(owner);
    const events = await t.ctx.db.auditEvent.findMany({ where: { chain: accountId, action: { startsWith: 'sso.' } } });
    expect(events.map((e) => e.action)).toEqual(['sso.create', 'sso.update']);
    const audit = await t.http.get('/api/audit').set(owner.auth);
    for (const text of [JSON.stringify(settings), JSON.stringify(got.body), JSON.stringify(changed.body), JSON.stringify(events), JSON.stringify(audit.body)]) {
      expect(text).not.toContain(idp.clientSecret);
    }
    const row = await t.ctx.db.ssoConfig.findUniqueOrThrow({ where: { accountId } });
    expect(row.clientSecretSealed).not.toContain(idp.clientSecret);
    // Left out, the stored secret stays: sign-ins still work.
    await (await signInThrough(`kept@${domain}`)).callback().expect(200);
  });

  it('refuses bad input in Turkish and changes nothing', async () => {
    const owner = await newCustomer(t);
    const base = { issuer: idp.issuer, clientId: 'c', clientSecret: 's', emailDomains: [newDomain()], defaultRole: 'editor', required: false };
    for (const [body, message] of [
      [{ ...base, defaultRole: 'owner' }, /Sahip olamaz/],
      [{ ...base, emailDomains: ['not a domain'] }, /Geçerli bir alan adı/],
      [{ ...base, emailDomains: [] }, /En az bir e-posta alan adı/],
      [{ ...base, issuer: 'ftp://x' }, /https:\/\//],
      [{ ...base, issuer: 'http://127.0.0.1:9/' }, /Kimlik sağlayıcıya ulaşılamadı/],
    ] as const) {
      const res = await t.http.put('/api/team/sso').set(owner.auth).send(body).expect(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await t.ctx.db.ssoConfig.count({ where: { accountId: await accountOf(owner) } })).toBe(0);
  });

  it('refuses a domain another account uses (409)', async () => {
    const { domain } = await hospital();
    const other = await newCustomer(t);
    const res = await t.http.put('/api/team/sso').set(other.auth).send({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: 'x', emailDomains: [domain], defaultRole: 'editor', required: false }).expect(409);
    expect(res.body.message).toMatch(/başka bir hesabın/);
  });

  it('is the account\'s own: another account neither reads nor changes it; editors and limited admins are refused', async () => {
    const { owner } = await hospital();
    const other = await newCustomer(t);
    expect((await t.http.get('/api/team/sso').set(other.auth).expect(200)).body).toBeNull();
    await t.http.delete('/api/team/sso').set(other.auth).expect(404);
    const accountId = await accountOf(owner);
    const editor = await newMember(t, accountId, 'editor');
    await t.http.get('/api/team/sso').set(editor.auth).expect(403);
    const group = await t.ctx.db.screenGroup.create({ data: { ownerId: accountId, name: `g-${randomUUID().slice(0, 6)}` } });
    const limitedAdmin = await newMember(t, accountId, 'admin', [group.id]);
    await t.http.get('/api/team/sso').set(limitedAdmin.auth).expect(403);
    await t.http.delete('/api/team/sso').set(limitedAdmin.auth).expect(403);
    expect(await t.ctx.db.ssoConfig.count({ where: { accountId } })).toBe(1);
    await t.http.delete('/api/team/sso').set(owner.auth).expect(200);
    expect(await t.ctx.db.ssoConfig.count({ where: { accountId } })).toBe(0);
    expect(await t.ctx.db.auditEvent.count({ where: { chain: accountId, action: 'sso.delete' } })).toBe(1);
    // Off: the domain signs in with a password again, and company sign-in is refused.
    expect(await t.ctx.db.ssoDomain.count({ where: { accountId } })).toBe(0);
  });

  it('refuses an issuer in the internal network when private addresses are not allowed', async () => {
    const strict = await createTestApp({ config: { fetchAllowPrivate: false, publicUrl: PUBLIC_URL } });
    try {
      const owner = await newCustomer(strict);
      const body = { issuer: 'https://127.0.0.1:1/', clientId: 'c', clientSecret: 's', emailDomains: [newDomain()], defaultRole: 'editor', required: false };
      const res = await strict.http.put('/api/team/sso').set(owner.auth).send(body).expect(400);
      expect(res.body.message).toMatch(/iç ağa işaret ediyor/);
      const http = await strict.http.put('/api/team/sso').set(owner.auth).send({ ...body, issuer: idp.issuer }).expect(400);
      expect(http.body.message).toMatch(/https:\/\//);
    } finally {
      await strict.close();
    }
  });
});
